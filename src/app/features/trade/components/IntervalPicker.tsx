/** Interval buttons 1m … 1w of the kline chart, as a radio group of toggle buttons. */
import { useTranslation } from 'react-i18next';
import { KLINE_INTERVALS, type KlineInterval } from '../../../../shared/protocol';

export function intervalLabel(iv: KlineInterval, t: (k: string, o?: Record<string, unknown>) => string): string {
  const n = parseInt(iv, 10);
  switch (iv.slice(-1)) {
    case 'm':
      return t('ivMinutes', { n });
    case 'h':
      return t('ivHours', { n });
    case 'd':
      return t('ivDay');
    default:
      return t('ivWeek');
  }
}

export function IntervalPicker({ value, onChange }: { value: KlineInterval; onChange: (iv: KlineInterval) => void }) {
  const { t } = useTranslation('market');
  return (
    <div className="ivp" role="group" aria-label={t('interval')}>
      {KLINE_INTERVALS.map((iv) => (
        <button
          key={iv}
          type="button"
          className={`ivp-btn${iv === value ? ' is-active' : ''}`}
          aria-pressed={iv === value}
          onClick={() => onChange(iv)}
          data-interval={iv}
        >
          {intervalLabel(iv, t)}
        </button>
      ))}
    </div>
  );
}
