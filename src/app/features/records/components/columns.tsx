/**
 * What each records tab shows (RECS-10), as columns of the shared RecordTable: described once, shown as a table
 * on desktop and as cards on the phone. Amounts are the server's exact decimal strings, formatted for the
 * language (no arithmetic but the funding rate's shift to a percentage, done in decimal); times in the platform
 * time zone.
 */
import type { TFunction } from 'i18next';
import { Decimal } from '../../../../shared/decimal';
import type { TradeEvidence } from '../../../../shared/schemas/trading';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import type { RecordColumn } from '../../../ui/RecordTable';
import type { TabRows } from '../data';
import type { RecordTab } from '../paths';

/** Shows a pair code the way the coin lists name it ("BTC/USDT"). */
export type PairName = (symbol: string) => string;

type Columns<T extends RecordTab> = RecordColumn<TabRows[T]>[];
export type TabColumns = { [T in RecordTab]: Columns<T> };

const DASH = '—';

function num(v: string | null | undefined) {
  return v === null || v === undefined ? DASH : formatDecimal(v);
}

function sign(v: string): -1 | 0 | 1 {
  const d = new Decimal(v);
  return d.isZero() ? 0 : d.isNegative() ? -1 : 1;
}

/** A signed amount: green above zero, red below, with its "+". */
export function Signed({ value }: { value: string | null }) {
  if (value === null) return <>{DASH}</>;
  const s = sign(value);
  return (
    <span className={s > 0 ? 'up' : s < 0 ? 'down' : undefined}>
      {s > 0 ? '+' : ''}
      {formatDecimal(value)}
    </span>
  );
}

/** A trade the server used as evidence: its price, with its id and time below. */
export function Evidence({ e, t }: { e: TradeEvidence | null; t: TFunction }) {
  if (!e) return <>{DASH}</>;
  return (
    <span className="recs-evidence" data-testid="evidence">
      <span>{formatDecimal(e.price)}</span>
      <span className="recs-sub">{t('trade', { id: e.id })}</span>
      <span className="recs-sub">{formatDateTime(e.time)}</span>
    </span>
  );
}

/** A funding rate (a fraction, "0.0001") as a percentage ("0.01%"). */
export function ratePercent(rate: string): string {
  return `${formatDecimal(new Decimal(rate).times(100).toFixed())}%`;
}

export function tabColumns(t: TFunction, pair: PairName): TabColumns {
  const time = <T extends RecordTab>(
    get: (r: TabRows[T]) => number,
    label = t('col.time'),
  ): RecordColumn<TabRows[T]> => ({
    key: 'time',
    label,
    value: (r) => <span className="recs-time">{formatDateTime(get(r))}</span>,
  });
  const pairCol = <T extends RecordTab>(): RecordColumn<TabRows[T]> => ({
    key: 'pair',
    label: t('col.pair'),
    value: (r) => pair((r as { symbol: string }).symbol),
    // The phone's card has the pair in its title.
    inCard: false,
  });

  return {
    futures: [
      time<'futures'>((r) => r.time),
      pairCol<'futures'>(),
      {
        key: 'type',
        label: t('col.type'),
        value: (r) => (
          <span className={`recs-kind recs-kind--${r.kind}`}>
            {t(`kind.${r.kind}`)} · {t(`side.${r.side}`)}
          </span>
        ),
      },
      {
        key: 'price',
        label: t('col.price'),
        numeric: true,
        value: (r) => num(r.price),
      },
      { key: 'size', label: t('col.size'), numeric: true, value: (r) => num(r.shares) },
      { key: 'fee', label: t('col.fee'), numeric: true, value: (r) => num(r.fee) },
      { key: 'pnl', label: t('col.pnl'), numeric: true, value: (r) => <Signed value={r.pnl} /> },
      {
        key: 'details',
        label: t('col.details'),
        value: (r) =>
          r.kind === 'funding' && r.rate !== null
            ? t('fundingRate', { rate: ratePercent(r.rate) })
            : r.tradeId === null
              ? DASH
              : r.kind === 'liquidation'
                ? t('markTick', { id: r.tradeId })
                : t('trade', { id: r.tradeId }),
      },
    ],
    spot: [
      time<'spot'>((r) => r.time),
      pairCol<'spot'>(),
      {
        key: 'side',
        label: t('col.side'),
        value: (r) => <span className={r.side === 'buy' ? 'up' : 'down'}>{t(`side.${r.side}`)}</span>,
      },
      { key: 'role', label: t('col.role'), value: (r) => t(`role.${r.role}`) },
      { key: 'price', label: t('col.price'), numeric: true, value: (r) => num(r.price) },
      { key: 'amount', label: t('col.amount'), numeric: true, value: (r) => num(r.amount) },
      { key: 'total', label: t('col.total'), numeric: true, value: (r) => num(r.total) },
      {
        key: 'fee',
        label: t('col.fee'),
        numeric: true,
        value: (r) => `${formatDecimal(r.fee)} ${r.feeCoin}`,
      },
      { key: 'trade', label: t('col.details'), value: (r) => t('trade', { id: r.tradeId }) },
    ],
    second: [
      time<'second'>((r) => r.openTime, t('col.opened')),
      pairCol<'second'>(),
      {
        key: 'direction',
        label: t('col.direction'),
        value: (r) => <span className={r.direction === 'up' ? 'up' : 'down'}>{t(`direction.${r.direction}`)}</span>,
      },
      { key: 'period', label: t('col.period'), value: (r) => t('seconds', { n: r.period }) },
      {
        key: 'stake',
        label: t('col.stake'),
        numeric: true,
        value: (r) => `${formatDecimal(r.amount)} ${r.coin}`,
      },
      {
        key: 'result',
        label: t('col.result'),
        value: (r) =>
          r.result ? <span className={`recs-result recs-result--${r.result}`}>{t(`result.${r.result}`)}</span> : DASH,
      },
      { key: 'payout', label: t('col.payout'), numeric: true, value: (r) => num(r.payout) },
      { key: 'entry', label: t('col.entry'), value: (r) => <Evidence e={r.entry} t={t} /> },
      { key: 'exit', label: t('col.exit'), value: (r) => <Evidence e={r.exit} t={t} /> },
    ],
    option: [
      time<'option'>((r) => r.createTime),
      pairCol<'option'>(),
      {
        key: 'kind',
        label: t('col.kind'),
        value: (r) => <span className={r.kind === 'call' ? 'up' : 'down'}>{t(`option.${r.kind}`)}</span>,
      },
      { key: 'strike', label: t('col.strike'), numeric: true, value: (r) => num(r.strike) },
      { key: 'expiry', label: t('col.expiry'), value: (r) => formatDateTime(r.expiry) },
      { key: 'quantity', label: t('col.quantity'), numeric: true, value: (r) => num(r.quantity) },
      { key: 'premium', label: t('col.premium'), numeric: true, value: (r) => num(r.premium) },
      { key: 'fee', label: t('col.fee'), numeric: true, value: (r) => num(r.fee) },
      { key: 'settle', label: t('col.settlePrice'), numeric: true, value: (r) => num(r.settlePrice) },
      { key: 'payout', label: t('col.payout'), numeric: true, value: (r) => num(r.payout) },
      { key: 'entry', label: t('col.entry'), value: (r) => <Evidence e={r.entry ?? null} t={t} /> },
      { key: 'exit', label: t('col.exit'), value: (r) => <Evidence e={r.exit} t={t} /> },
    ],
    broker: [
      time<'broker'>((r) => r.time),
      { key: 'trader', label: t('col.trader'), value: (r) => r.trader },
      pairCol<'broker'>(),
      { key: 'side', label: t('col.side'), value: (r) => t(`side.${r.side}`) },
      { key: 'size', label: t('col.size'), numeric: true, value: (r) => num(r.shares) },
      { key: 'pnl', label: t('col.pnl'), numeric: true, value: (r) => <Signed value={r.pnl} /> },
      { key: 'share', label: t('col.profitShare'), numeric: true, value: (r) => num(r.profitShare) },
    ],
  };
}

/** Each tab's row key (ids are unique within a tab's call). */
export const TAB_ROW_KEY: { [T in RecordTab]: (r: TabRows[T]) => string | number } = {
  futures: (r) => r.id,
  spot: (r) => r.id,
  second: (r) => r.id,
  option: (r) => r.id,
  broker: (r) => r.id,
};
