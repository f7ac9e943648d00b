/** Recent trades: price coloured by side, quantity, and time in the platform time zone (spec 4.6). */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useTrades } from '../../../market/hooks';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { languageState } from '../../../i18n/index';
import { settings } from '../../../state/settings';
import './RecentTrades.css';

export const TRADES_SHOWN = 30;

export function RecentTrades({ symbol, base, quote, limit = TRADES_SHOWN }: { symbol: string; base: string; quote: string; limit?: number }) {
  const { t } = useTranslation('market');
  const { language } = useSnapshot(languageState);
  const { offsetMinutes } = useSnapshot(settings);
  const view = useTrades(symbol);
  const trades = view?.trades.slice(0, limit) ?? [];
  return (
    <section className="rt" aria-labelledby="rt-title">
      <h2 id="rt-title" className="rt-title">{t('recentTrades')}</h2>
      <table className="rt-table">
        <thead>
          <tr>
            <th scope="col">{t('priceIn', { coin: quote || '—' })}</th>
            <th scope="col" className="rt-end">{t('amountIn', { coin: base })}</th>
            <th scope="col" className="rt-end">{t('time')}</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((tr) => (
            <tr key={tr.id}>
              <td className={`num ${tr.side === 'buy' ? 'rt-buy' : 'rt-sell'}`}>
                <span className="visually-hidden">{t(tr.side)} </span>
                {formatDecimal(tr.price, language)}
              </td>
              <td className="num rt-end">{formatDecimal(tr.qty, language)}</td>
              <td className="num rt-end rt-time">{formatDateTime(tr.ts, { style: 'time', lang: language, offsetMinutes })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {trades.length === 0 && <p className="rt-empty">{t('waitingTrades')}</p>}
    </section>
  );
}
