/**
 * The futures account's order lists (FUI-9, FUI-10): open orders (with cancel) and order history as a table on the
 * desktop and cards on the phone, what each order is, its status (and why it was cancelled), and the pager.
 */
import { useTranslation } from 'react-i18next';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesOrder } from '../../../../../shared/schemas/futures';
import { cancelFuturesOrder } from '../../futuresOrders';
import { CancelOrderButton } from '../kit/orderListParts';
import { pairName, signCls, useFormat } from './futuresCells';

export const FUTURES_PAGE_SIZE = 10;

function OrderWhat({ o }: { o: FuturesOrder }) {
  const { t } = useTranslation('futures');
  return (
    <span className={`sor-side--${(o.side === 'long') === (o.action === 'open') ? 'buy' : 'sell'}`}>
      {t(`${o.action}${o.side === 'long' ? 'Long' : 'Short'}`)}
      <span className="sor-type">{` · ${t(o.type)}${o.origin !== 'user' ? ` · ${t(o.origin)}` : ''}`}</span>
    </span>
  );
}

function StatusText({ o }: { o: FuturesOrder }) {
  const { t } = useTranslation('futures');
  return (
    <>
      {t(`status.${o.status}`)}
      {o.status === 'cancelled' && o.cancelReason && o.cancelReason !== 'user' ? (
        <span className="sor-reason">{` · ${t(`reason.${o.cancelReason}`)}`}</span>
      ) : null}
    </>
  );
}

export function OrdersList({
  kind,
  rows,
  pairs,
  desktop,
}: {
  kind: 'open' | 'history';
  rows: readonly FuturesOrder[];
  pairs: ReadonlyMap<string, ContractPair>;
  desktop: boolean;
}) {
  const { t } = useTranslation('futures');
  const f = useFormat();
  if (!desktop)
    return (
      <ul className="sor-cards">
        {rows.map((o) => (
          <li key={o.id} className="sor-card" data-order-id={o.id}>
            <div className="sor-card__head">
              <OrderWhat o={o} />
              <span className="sor-card__pair" dir="ltr">
                {`${pairName(pairs, o.symbol)} ${o.leverage}x`}
              </span>
              <span className="sor-card__time num">{f.time(o.createTime)}</span>
            </div>
            <dl className="sor-card__grid">
              <div>
                <dt>{t('col.price')}</dt>
                <dd className="num">{o.type === 'market' ? t('market') : f.num(o.price)}</dd>
              </div>
              <div>
                <dt>{t('col.size')}</dt>
                <dd className="num">{`${f.num(o.filledShares)} / ${f.num(o.shares)}`}</dd>
              </div>
              {kind === 'history' && (
                <div>
                  <dt>{t('col.avgPrice')}</dt>
                  <dd className="num">{f.num(o.avgPrice)}</dd>
                </div>
              )}
              <div>
                <dt>{t('col.status')}</dt>
                <dd>
                  <StatusText o={o} />
                </dd>
              </div>
            </dl>
            {kind === 'open' && <CancelOrderButton ns="futures" cancel={() => cancelFuturesOrder(o.id)} />}
          </li>
        ))}
      </ul>
    );
  return (
    <table className="sor-table">
      <caption className="visually-hidden">{t(`tab.${kind}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('col.time')}</th>
          <th scope="col">{t('col.pair')}</th>
          <th scope="col">{t('col.order')}</th>
          <th scope="col" className="num">
            {t('col.price')}
          </th>
          {kind === 'history' && (
            <th scope="col" className="num">
              {t('col.avgPrice')}
            </th>
          )}
          <th scope="col" className="num">
            {t('col.filledSize')}
          </th>
          {kind === 'open' && (
            <th scope="col" className="num">
              {t('col.held')}
            </th>
          )}
          {kind === 'history' && (
            <>
              <th scope="col" className="num">
                {t('col.fee')}
              </th>
              <th scope="col" className="num">
                {t('col.realised')}
              </th>
            </>
          )}
          <th scope="col">{t('col.status')}</th>
          {kind === 'open' && (
            <th scope="col" className="sor-act">
              <span className="visually-hidden">{t('col.action')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id} data-order-id={o.id}>
            <td className="num sor-time">{f.time(o.createTime)}</td>
            <td dir="ltr">{`${pairName(pairs, o.symbol)} ${o.leverage}x`}</td>
            <td>
              <OrderWhat o={o} />
            </td>
            <td className="num">{o.type === 'market' ? t('market') : f.num(o.price)}</td>
            {kind === 'history' && <td className="num">{f.num(o.avgPrice)}</td>}
            <td className="num">{`${f.num(o.filledShares)} / ${f.num(o.shares)}`}</td>
            {kind === 'open' && <td className="num">{f.money(o.heldMargin)}</td>}
            {kind === 'history' && (
              <>
                <td className="num">{f.money(o.fee)}</td>
                <td className={`num${signCls(o.realisedPnl)}`}>{f.money(o.realisedPnl)}</td>
              </>
            )}
            <td>
              <StatusText o={o} />
            </td>
            {kind === 'open' && (
              <td className="sor-act">
                <CancelOrderButton ns="futures" cancel={() => cancelFuturesOrder(o.id)} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
