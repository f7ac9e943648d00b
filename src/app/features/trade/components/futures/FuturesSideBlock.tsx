/**
 * One side (long or short) of the futures order form (FUI-6): what the shared `checkFuturesOrder` says the order
 * will do (size in shares when given in USDT, cost or estimated PnL, fee, liquidation price, margin after) and its
 * button, which names the first rule that fails, or waits out a refusal by the order limit (SPOT-13).
 */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesState } from '../../../../../shared/trading/futuresChecks';
import { MARGIN_COIN, MONEY_DECIMALS, quantityOf, type FuturesSide } from '../../../../../shared/trading/futuresRules';
import { formatDecimal } from '../../../../i18n/format';
import { useFeeDiscount, withDiscount } from '../../../../money/vip';
import { useLanguage } from '../../../../ui/Price';
import { SubmitButton } from '../kit/OrderFormShell';
import { buttonLabel, checkSide, sideKey, type FuturesDraft, trimMoney } from './futuresForm';

/** One side's preview and button (FUI-6). */
export function SideBlock({
  pair,
  side,
  draft,
  state,
  signedIn,
  busy,
  waitSeconds = 0,
  heading = false,
  whyId,
  onSubmit,
}: {
  pair: ContractPair;
  side: FuturesSide;
  /** SIDE-1: the column names its side ("Open long") above its preview (the desktop's two columns). */
  heading?: boolean;
  draft: FuturesDraft;
  state: FuturesState;
  signedIn: boolean;
  busy: FuturesSide | null;
  /** Seconds left of a wait after a refusal by the order limit (SPOT-13): the button waits. */
  waitSeconds?: number;
  /** The id of the rule the button names: the invalid field's description (A11Y-16). */
  whyId?: string;
  onSubmit: (s: FuturesSide, e: FormEvent) => void;
}) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const { shares, check } = checkSide(pair, draft, side, state);
  const label = buttonLabel(signedIn, draft.action, side, check, draft.size !== '');
  const p = check.ok ? check.preview : undefined;
  // VIP-4: the fee after the caller's discount ("0" while VIP is off); the hold stays at the pair's fee.
  const discount = useFeeDiscount(signedIn);
  const cls = side === 'long' ? 'buy' : 'sell';
  const money = (v: string | undefined) =>
    v !== undefined ? `${formatDecimal(trimMoney(v), lang)} ${MARGIN_COIN}` : '--';
  const opening = draft.action === 'open';
  const showShares = opening && draft.unit === 'usdt';
  const sideName = t(sideKey(draft.action, side));
  const why = !check.ok && label.key !== 'logIn' ? t(label.key) : '';
  return (
    <form className={`fo-side fo-side--${side}`} onSubmit={(e) => onSubmit(side, e)} noValidate aria-label={sideName}>
      {heading && (
        <h3 className={`so-sidehead so-sidehead--${cls}`} data-testid={`side-head-${side}`}>
          {sideName}
        </h3>
      )}
      <dl className="fo-preview" data-testid={`preview-${side}`}>
        {showShares && (
          <div>
            <dt>{t('sizeShares')}</dt>
            <dd className="num" dir="ltr" data-testid={`shares-${side}`}>
              {shares !== '' && shares !== '0'
                ? `${formatDecimal(shares, lang)} · ${formatDecimal(quantityOf(pair, shares), lang)} ${pair.coin}`
                : '--'}
            </dd>
          </div>
        )}
        {opening ? (
          <div>
            <dt>{t('cost')}</dt>
            <dd className="num" dir="ltr" data-testid={`cost-${side}`}>
              {money(p?.cost)}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t('estPnl')}</dt>
            <dd
              className={`num${p?.pnl && p.pnl.startsWith('-') ? ' fo-down' : p?.pnl ? ' fo-up' : ''}`}
              dir="ltr"
              data-testid={`pnl-${side}`}
            >
              {money(p?.pnl)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('fee')}</dt>
          <dd className="num" dir="ltr" data-testid={`fee-${side}`}>
            {money(withDiscount(p?.fee, discount, MONEY_DECIMALS))}
          </dd>
        </div>
        <div>
          <dt>{t('liqPrice')}</dt>
          <dd className="num" dir="ltr" data-testid={`liq-${side}`}>
            {p ? `${formatDecimal(p.liquidationPrice, lang)} ${pair.baseCoin}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('marginAfter')}</dt>
          <dd className="num" dir="ltr" data-testid={`margin-after-${side}`}>
            {money(p?.marginAfter)}
          </dd>
        </div>
      </dl>
      <SubmitButton
        ns="futures"
        side={side}
        tone={cls}
        signIn={label.key === 'logIn' ? t('logInToTrade') : null}
        sideName={sideName}
        why={why}
        whyId={whyId}
        disabled={!check.ok}
        title={'message' in label ? label.message : undefined}
        waitSeconds={waitSeconds}
        busy={busy !== null}
        sending={busy === side ? t('placing') : null}
      />
      {'message' in label && label.key !== 'rule.sharesEmpty' && (
        <p className="fo-why" data-testid={`why-${side}`}>
          {label.message}
        </p>
      )}
    </form>
  );
}
