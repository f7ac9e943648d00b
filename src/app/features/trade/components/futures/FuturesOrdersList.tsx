/**
 * The futures account's order lists (FUI-9, FUI-10): open orders (with cancel) and order history as a table on the
 * desktop and cards on the phone, what each order is, its status (and why it was cancelled), and the pager.
 */
import { useTranslation } from 'react-i18next';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesOrder } from '../../../../../shared/schemas/futures';
import { cancelFuturesOrder } from '../../futuresOrders';
import { CancelOrderButton, OrderStatusText } from '../kit/orderListParts';
import { CardHead, RowCards, RowsTable, type Column } from '../kit/RowsView';
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
  const history = kind === 'history';
  const pair = (o: FuturesOrder) => `${pairName(pairs, o.symbol)} ${o.leverage}x`;
  const col = {
    price: { head: t('col.price'), num: true, cell: (o) => (o.type === 'market' ? t('market') : f.num(o.price)) },
    avgPrice: { head: t('col.avgPrice'), num: true, cell: (o) => f.num(o.avgPrice) },
    size: { head: t('col.size'), num: true, cell: (o) => `${f.num(o.filledShares)} / ${f.num(o.shares)}` },
    status: { head: t('col.status'), cell: (o) => <OrderStatusText ns="futures" order={o} /> },
  } satisfies Record<string, Column<FuturesOrder>>;
  const cancel = (o: FuturesOrder) => <CancelOrderButton ns="futures" cancel={() => cancelFuturesOrder(o.id)} />;
  const attrs = (o: FuturesOrder) => ({ 'data-order-id': o.id });
  if (!desktop)
    return (
      <RowCards
        rows={rows}
        rowKey={(o) => o.id}
        rowAttrs={attrs}
        head={(o) => <CardHead what={<OrderWhat o={o} />} pair={pair(o)} time={f.time(o.createTime)} />}
        lines={[col.price, col.size, history && col.avgPrice, col.status]}
        foot={history ? undefined : cancel}
      />
    );
  return (
    <RowsTable
      caption={t(`tab.${kind}`)}
      columns={[
        { head: t('col.time'), cls: 'num sor-time', cell: (o) => f.time(o.createTime) },
        { head: t('col.pair'), ltr: true, cell: pair },
        { head: t('col.order'), cell: (o) => <OrderWhat o={o} /> },
        col.price,
        history && col.avgPrice,
        { ...col.size, head: t('col.filledSize') },
        !history && { head: t('col.held'), num: true, cell: (o) => f.money(o.heldMargin) },
        history && { head: t('col.fee'), num: true, cell: (o) => f.money(o.fee) },
        history && {
          head: t('col.realised'),
          cls: (o) => `num${signCls(o.realisedPnl)}`,
          num: true,
          cell: (o) => f.money(o.realisedPnl),
        },
        col.status,
      ]}
      rows={rows}
      rowKey={(o) => o.id}
      rowAttrs={attrs}
      action={history ? undefined : { label: t('col.action'), cell: cancel }}
    />
  );
}
