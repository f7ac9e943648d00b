/** The chart block: interval buttons and the lazily loaded uPlot chart (uPlot stays out of other bundles). */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { KlineInterval } from '../../../../shared/protocol';
import { IntervalPicker } from './IntervalPicker';

const KlineChart = lazy(() => import('./chart/KlineChart'));

interface Props {
  symbol: string;
  pair: string;
  interval: KlineInterval;
  onInterval: (iv: KlineInterval) => void;
  height: number;
  /** NUM-2: the pair's own price decimals, when it has them (the axis and the readout). */
  priceDecimals?: number;
}

export function ChartCard({ symbol, pair, interval, onInterval, height, priceDecimals }: Props) {
  const { t } = useTranslation('market');
  return (
    <section className="trade-chart" aria-label={t('chart')}>
      <IntervalPicker value={interval} onChange={onInterval} />
      <Suspense
        fallback={
          <div className="kc-fallback" style={{ height }}>
            {t('chartLoading')}
          </div>
        }
      >
        <KlineChart
          symbol={symbol}
          interval={interval}
          height={height}
          label={t('chartLabel', { pair })}
          priceDecimals={priceDecimals}
        />
      </Suspense>
    </section>
  );
}
