/**
 * The redeem confirmation (FINUI-9): says exactly what comes back and what interest is given up, or why the
 * holding cannot be redeemed yet. Confirming sends the redemption once (mutate); a lost reply is checked against
 * the holdings list, never sent again under a new key.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceHolding } from '../../../../shared/schemas/finance';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { outcomeUnknown, redeemLanded, sendRedeem } from '../data';
import { plus, type RedeemTerms } from '../model/finance';
import { amount, utcDate } from './format';
import { isolate } from '../../../ui/bidi';
import { AlertText } from '../../../ui/AlertText';
import { BusyButton } from '../../../forms/BusyButton';
import '../../../forms/forms.css';

export interface RedeemDialogProps {
  holding: FinanceHolding;
  terms: RedeemTerms;
  onClose: () => void;
}

/** The dialog's sentence for `terms` (also what the tests read). */
export function RedeemText({ holding, terms }: { holding: FinanceHolding; terms: RedeemTerms }) {
  const { t } = useTranslation('finance');
  const coin = holding.coin.toUpperCase();
  if (terms.kind === 'none')
    return (
      <p data-testid="finance-redeem-text">
        {terms.maturesAt === null
          ? t('redeem.notNow')
          : t('redeem.none', { date: utcDate(terms.maturesAt), amount: amount(holding.principal), coin })}
      </p>
    );
  const rows: [string, string][] =
    terms.kind === 'forfeit'
      ? [
          [t('redeem.principalBack'), terms.principal],
          [t('redeem.interestForfeited'), terms.forfeited],
        ]
      : [
          [t('redeem.principalBack'), terms.principal],
          [t('redeem.interestBack'), terms.interest],
          [t('redeem.total'), plus(terms.principal, terms.interest)],
        ];
  return (
    <div data-testid="finance-redeem-text">
      <p>
        {terms.kind === 'forfeit'
          ? t('redeem.forfeit', {
              date: utcDate(holding.maturesAt),
              principal: amount(terms.principal),
              forfeited: amount(terms.forfeited),
              coin,
            })
          : t(terms.kind === 'matured' ? 'redeem.matured' : 'redeem.flexible', {
              principal: amount(terms.principal),
              interest: amount(terms.interest),
              coin,
            })}
      </p>
      <dl className="facts fin-lines">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd className="fin-num">
              {amount(v)} {coin}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function RedeemDialog({ holding, terms, onClose }: RedeemDialogProps) {
  const { t } = useTranslation(['finance', 'common']);
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const can = terms.kind !== 'none';

  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await sendRedeem(holding.id);
      toast(t('redeem.done', { amount: amount(plus(r.principal, r.interest)), coin: holding.coin.toUpperCase() }), {
        kind: 'success',
      });
      onClose();
    } catch (err) {
      if (outcomeUnknown(err)) {
        const landed = await redeemLanded(holding.id).catch(() => false);
        if (landed) {
          toast(t('redeem.landed'), { kind: 'success' });
          onClose();
          return;
        }
        setError(t('redeem.lost'));
      } else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      open
      onClose={busy ? () => undefined : onClose}
      title={t('redeem.title', { name: isolate(holding.productName) })}
      initialFocus={cancelRef}
      describedBy={textId}
    >
      <div id={textId} className="fin-dialog">
        <RedeemText holding={holding} terms={terms} />
        <AlertText text={error} className="form__error" />
      </div>
      <div className="fin-dialog__actions">
        <button ref={cancelRef} type="button" className="fbtn fbtn--ghost" onClick={onClose} disabled={busy}>
          {can ? t('common:ui.cancel') : t('common:ui.close')}
        </button>
        {can ? (
          <BusyButton
            className="fbtn fbtn--primary"
            onClick={() => void confirm()}
            busy={busy}
            testId="finance-redeem-confirm"
          >
            {t('redeem.confirm')}
          </BusyButton>
        ) : null}
      </div>
    </Popup>
  );
}
