/** The user's flash exchanges on /flashExchange (FX-6), newest first. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { ExchangeRecord } from '../../../../shared/schemas/exchange';

import { formatDateTime, formatDecimal } from '../../../i18n/format';

import { useLiveAccount } from '../../../market/hooks';

import { CoinIcon } from '../../../ui/CoinIcon';
import { EmptyState } from '../../../ui/EmptyState';

import { useExchangeHistory } from '../exchangeData';

import '../../../forms/forms.css';
import './wallet.css';
import './exchange.css';
import { ColumnHeads } from '../../../ui/ColumnHeads';
import { LoadFailed, Loading } from './WalletState';

export function ExchangeHistory({ uid, desktop }: { uid: string; desktop: boolean }) {
  const { t } = useTranslation('wallet');
  const history = useExchangeHistory(uid);
  const live = useLiveAccount();
  const reload = history.reload;
  const seen = useRef(live?.balances);
  useEffect(() => {
    if (seen.current === live?.balances) return;
    seen.current = live?.balances;
    reload();
  }, [live?.balances, reload]);
  const rows = history.data?.rows ?? [];
  return (
    <section className="card fx-card fx-history" aria-labelledby="fx-history-title" data-testid="exchange-history">
      <h2 className="fx-history__title" id="fx-history-title">
        {t('exchange.history')}
      </h2>
      {!history.data && history.status === 'error' ? (
        <LoadFailed title={t('exchange.error')} onRetry={history.reload} />
      ) : !history.data ? (
        <Loading text={t('exchange.loading')} />
      ) : rows.length === 0 ? (
        <EmptyState compact title={t('exchange.historyEmpty')} />
      ) : desktop ? (
        <table className="fx-table">
          <ColumnHeads
            cols={[t('exchange.time'), t('exchange.pair'), t('exchange.paid'), t('exchange.received')]}
            classes={['', '', 'num', 'num']}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="exchange-row">
                <td>{formatDateTime(r.time)}</td>
                <td>
                  <Pair r={r} />
                </td>
                <td className="num">
                  {formatDecimal(r.amount)} {r.from}
                </td>
                <td className="num">
                  <span className="up">
                    {formatDecimal(r.receive)} {r.to}
                  </span>
                  <span className="fx-table__sub">
                    {t('exchange.fee')} {formatDecimal(r.fee)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="fx-list">
          {rows.map((r) => (
            <li key={r.id} className="fx-list__row" data-testid="exchange-row">
              <div className="fx-list__top">
                <Pair r={r} />
                <span className="fx-list__time">{formatDateTime(r.time)}</span>
              </div>
              <div className="fx-list__amounts num">
                <span>
                  −{formatDecimal(r.amount)} {r.from}
                </span>
                <span className="up">
                  +{formatDecimal(r.receive)} {r.to}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Pair({ r }: { r: ExchangeRecord }) {
  return (
    <span className="fx-pair">
      <CoinIcon coin={r.from} size={18} />
      <span>{r.from}</span>
      <span aria-hidden="true">→</span>
      <CoinIcon coin={r.to} size={18} />
      <span>{r.to}</span>
    </span>
  );
}
