/**
 * The futures order form's outcome line (FUI-8): checking, placed (or found placed after a lost reply), not placed,
 * unconfirmed (with a button to ask again) or refused with the server's message.
 */
import { useTranslation } from 'react-i18next';
import type { FuturesOrder } from '../../../../../shared/schemas/futures';
import { formatDecimal } from '../../../../i18n/format';
import { useLanguage } from '../../../../ui/Price';

export type Outcome =
  | { kind: 'checking' }
  | { kind: 'placed'; order: FuturesOrder; recovered: boolean }
  | { kind: 'notPlaced' }
  | { kind: 'unknown'; intent: string }
  | { kind: 'refused'; message: string };

export function OutcomeLine({
  outcome,
  onAskAgain,
  busy,
}: {
  outcome: Outcome | null;
  onAskAgain: (intent: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  if (!outcome) return <p className="so-outcome" role="status" />;
  switch (outcome.kind) {
    case 'checking':
      return (
        <p className="so-outcome" role="status" data-testid="futures-outcome">
          {t('checkingLong')}
        </p>
      );
    case 'placed': {
      const o = outcome.order;
      return (
        <p className="so-outcome is-ok" role="status" data-testid="futures-outcome">
          {t(outcome.recovered ? 'placedRecovered' : 'placed', {
            order: t(`${o.action}${o.side === 'long' ? 'Long' : 'Short'}`),
            shares: formatDecimal(o.shares, lang),
            status: t(`status.${o.status}`),
            id: o.id,
          })}
        </p>
      );
    }
    case 'notPlaced':
      return (
        <p className="so-outcome is-bad" role="status" data-testid="futures-outcome">
          {t('notPlaced')}
        </p>
      );
    case 'unknown':
      return (
        <p className="so-outcome is-warn" role="status" data-testid="futures-outcome">
          {t('unconfirmed')}{' '}
          <button type="button" className="so-again" onClick={() => onAskAgain(outcome.intent)} disabled={busy}>
            {t('checkAgain')}
          </button>
        </p>
      );
    case 'refused':
      return (
        <p className="so-outcome is-bad" role="alert" data-testid="futures-outcome">
          {outcome.message}
        </p>
      );
  }
}
