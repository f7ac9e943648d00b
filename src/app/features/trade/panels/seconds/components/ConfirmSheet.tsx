/**
 * The confirmation of a second contract (SECUI-4): pair, direction, stake, period and what a win pays, and the
 * rule it settles by, before anything is sent. A sheet on the phone, a dialog on desktop; the safe choice
 * (cancel) has the focus. A refusal from the server shows inside it.
 */
import { Fact } from '../../../components/kit/Fact';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period, SecondDirection } from '../../../../../../shared/schemas/trading';
import { formatDecimal } from '../../../../../i18n/format';
import { Popup } from '../../../../../ui/Popup';
import { ratioPercent, STAKE_COIN, winPayout } from '../model/seconds';
import { PeriodLabel, periodText } from './OrderTicket';

export interface Draft {
  symbol: string;
  /** The pair as the user reads it ("BTC/USDT"). */
  pair: string;
  direction: SecondDirection;
  /** Canonical stake. */
  amount: string;
  period: Period;
}

export function ConfirmDetails({ draft }: { draft: Draft }) {
  const { t } = useTranslation('seconds');
  const payout = winPayout(draft.amount, draft.period.ratio) ?? draft.amount;
  return (
    <>
      <dl className="facts sec-confirm__list">
        <Fact label={t('confirm.pair')}>{draft.pair}</Fact>
        <Fact label={t('confirm.direction')} className={`sec-tone--${draft.direction}`}>
          {t(draft.direction)}
        </Fact>
        <Fact label={t('confirm.stake')}>{`${formatDecimal(draft.amount)} ${STAKE_COIN}`}</Fact>
        <Fact label={t('confirm.period')}>
          <PeriodLabel seconds={draft.period.period} />
        </Fact>
        <Fact
          label={t('confirm.payout')}
          testId="seconds-confirm-payout"
        >{`${formatDecimal(payout)} ${STAKE_COIN} (${t('payoutPct', { pct: formatDecimal(ratioPercent(draft.period.ratio)) })})`}</Fact>
      </dl>
      <p className="sec-rule" data-testid="seconds-confirm-rule">
        {t('rule', { period: periodText(t, draft.period.period) })}
      </p>
    </>
  );
}

interface Props {
  draft: Draft | null;
  desktop: boolean;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmSheet({ draft, desktop, busy, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation('seconds');
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Popup
      open={draft !== null}
      onClose={busy ? () => undefined : onClose}
      title={t('confirm.title')}
      variant={desktop ? 'dialog' : 'sheet'}
      initialFocus={cancel}
    >
      {draft && (
        <div className="sec-confirm" data-testid="seconds-confirm">
          <ConfirmDetails draft={draft} />
          {error && (
            <p className="form__error" role="alert" data-testid="seconds-confirm-error">
              {error}
            </p>
          )}
          <div className="sec-confirm__actions">
            <button type="button" className="fbtn fbtn--secondary" ref={cancel} onClick={onClose} disabled={busy}>
              {t('confirm.cancel')}
            </button>
            <button
              type="button"
              className={`fbtn sec-dir--${draft.direction}`}
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy}
              data-testid="seconds-confirm-ok"
            >
              {busy && <span className="fbtn__spinner" aria-hidden="true" />}
              {busy ? t('placing') : t('confirm.ok', { direction: t(draft.direction) })}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
}
