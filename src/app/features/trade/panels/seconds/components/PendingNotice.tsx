/** Second contracts whose reply never came (SECUI-5), in the kit's notice: pair, direction and stake of each. */
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../../../i18n/format';
import { PendingNotice as KitPendingNotice } from '../../../components/kit/PendingNotice';
import { STAKE_COIN, type PendingSecond } from '../model/seconds';

export function PendingNotice({ pending, onCheck }: { pending: readonly PendingSecond[]; onCheck: () => void }) {
  const { t } = useTranslation('seconds');
  const orders = pending.map((p) => ({
    key: `${p.symbol}:${p.direction}:${p.amount}:${p.periodId}:${p.at}`,
    text: t('unconfirmed', {
      pair: p.symbol.toUpperCase(),
      direction: t(p.direction),
      amount: formatDecimal(p.amount),
      coin: STAKE_COIN,
    }),
  }));
  return <KitPendingNotice mode="seconds" orders={orders} onCheck={onCheck} />;
}
