/** The top line of a second contract's row, open or settled: its pair, direction and period, then `children`. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondOrder } from '../../../../../../shared/schemas/trading';
import { PeriodLabel } from './OrderTicket';

export function ContractTop({ order, pair, children }: { order: SecondOrder; pair: string; children: ReactNode }) {
  const { t } = useTranslation('seconds');
  return (
    <div className="sec-row__top">
      <span className="sec-row__pair">{pair}</span>
      <span className={`sec-tag tone-${order.direction}`}>{t(order.direction)}</span>
      <span className="sec-row__period">
        <PeriodLabel seconds={order.period} />
      </span>
      {children}
    </div>
  );
}
