/** A small round icon per message kind (MSGUI-2): money in, money out, trading, warnings, rewards, news. */
import type { MessageKind } from '../../../../shared/schemas/inbox';
import { IconGift, IconMegaphone, IconRecharge, IconTrade, IconWallet, Svg, type P } from '../../../ui/icons';

const IconAlert = (p: P) => (
  <Svg {...p}>
    <path d="M12 4l9 16H3z" />
    <path d="M12 10v4M12 17.2v.1" />
  </Svg>
);
const IconSwap = (p: P) => (
  <Svg {...p}>
    <path d="M4 8h13l-3-3M20 16H7l3 3" />
  </Svg>
);

const TONE: Record<MessageKind, string> = {
  depositCredited: 'up',
  withdrawalDone: 'brand',
  withdrawalRejected: 'down',
  orderFilled: 'brand',
  contractSettled: 'brand',
  positionLiquidated: 'down',
  rewardPaid: 'up',
  flowOrder: 'brand',
  announcement: 'warn',
};

export function MessageIcon({ kind }: { kind: MessageKind }) {
  const Icon =
    kind === 'depositCredited'
      ? IconRecharge
      : kind === 'withdrawalDone' || kind === 'withdrawalRejected'
        ? IconWallet
        : kind === 'positionLiquidated'
          ? IconAlert
          : kind === 'rewardPaid'
            ? IconGift
            : kind === 'announcement'
              ? IconMegaphone
              : kind === 'flowOrder'
                ? IconSwap
                : IconTrade;
  return (
    <span className={`msg-icon tone-${TONE[kind]}`} aria-hidden="true">
      <Icon size={18} />
    </span>
  );
}
