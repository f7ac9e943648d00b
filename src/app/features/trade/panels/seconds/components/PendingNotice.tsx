/**
 * Orders whose reply never came (SECUI-5): the panel says it is checking whether each was placed, and offers to
 * check again now. It never offers to send them again.
 */
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../../../i18n/format';
import { STAKE_COIN, type PendingSecond } from '../model/seconds';

export function PendingNotice({ pending, onCheck }: { pending: readonly PendingSecond[]; onCheck: () => void }) {
  const { t } = useTranslation('seconds');
  return (
    <div className="sec-pending" role="status" data-testid="seconds-pending">
      <ul>
        {pending.map((p) => (
          <li key={`${p.symbol}:${p.direction}:${p.amount}:${p.periodId}:${p.at}`}>
            {t('unconfirmed', {
              pair: p.symbol.toUpperCase(),
              direction: t(p.direction),
              amount: formatDecimal(p.amount),
              coin: STAKE_COIN,
            })}
          </li>
        ))}
      </ul>
      <button type="button" className="sec-link" onClick={onCheck}>
        {t('checkAgain')}
      </button>
    </div>
  );
}
