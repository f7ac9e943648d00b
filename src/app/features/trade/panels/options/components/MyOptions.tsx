/**
 * The user's options (OUI-6, OUI-7): open ones with a countdown to expiry and what they would pay if they expired
 * at the live last price (intrinsic value, labelled so); settled ones, paged, with the payout and the audit: the
 * entry trade (the last when bought, OPT-16) and the exit trade the settlement used (id, time, price), the strike
 * and the formula with its numbers.
 */
import { Fact } from '../../../components/kit/Fact';
import { SettledPager } from '../../../components/kit/ContractTabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../../../../shared/decimal';
import type { OptionOrder, OptionOrderPage } from '../../../../../../shared/schemas/options';
import type { TradeEvidence } from '../../../../../../shared/schemas/trading';
import { formatDateTime, formatDecimal } from '../../../../../i18n/format';
import { useTicker } from '../../../../../market/hooks';
import { DataState } from '../../../../../ui/DataState';
import { EmptyState } from '../../../../../ui/EmptyState';
import { Countdown } from '../../../components/Countdown';
import { OPTION_COIN, trimZeros, valueIfExpiredNow } from '../model/options';

type ListState<T> = { status: 'loading' | 'ok' | 'error'; data?: T; error?: string; reload: () => void };

/** The live price is read at most this often for the value column (not per tick). */
const VALUE_EVERY_MS = 1_000;

export function OpenOptions({
  rows,
  state,
  offset,
  pairOf,
  onClosed,
  now,
}: {
  rows: readonly OptionOrder[];
  state: ListState<unknown>;
  offset: number | null;
  pairOf: (symbol: string) => string;
  onClosed?: () => void;
  now?: () => number;
}) {
  const { t } = useTranslation('options');
  return (
    <DataState
      compact
      status={state.data !== undefined || rows.length > 0 ? 'ok' : state.status}
      error={state.error}
      onRetry={state.reload}
      empty={rows.length === 0}
      emptyView={<EmptyState compact title={t('open.empty')} />}
    >
      <ul className="opt-list" data-testid="options-open">
        {rows.map((o) => (
          <li key={o.id} className="opt-item" data-testid="options-open-row" data-id={o.id}>
            <Head order={o} pair={pairOf(o.symbol)} />
            <dl className="figures opt-grid">
              <Fact label={t('open.expiresIn')}>
                <ExpiryLeft expiry={o.expiry} offset={offset} onExpired={onClosed} now={now} />
              </Fact>
              <Paid order={o} />
              <LiveValue order={o} />
            </dl>
          </li>
        ))}
      </ul>
    </DataState>
  );
}

/** The countdown to expiry, then "Settling…" until the settled list or the push takes the option away (OUI-6). */
function ExpiryLeft(p: { expiry: number; offset: number | null; onExpired?: () => void; now?: () => number }) {
  const { t } = useTranslation('options');
  const [ended, setEnded] = useState(false);
  if (ended) return <span data-testid="options-settling">{t('open.settling')}</span>;
  return (
    <Countdown
      closeTime={p.expiry}
      offset={p.offset}
      onClose={() => {
        setEnded(true);
        p.onExpired?.();
      }}
      now={p.now}
    />
  );
}

/** The premium and the fee paid: the most the option can lose. */
function Paid({ order }: { order: OptionOrder }) {
  const { t } = useTranslation('options');
  return (
    <Fact
      label={t('open.paid')}
    >{`${formatDecimal(trimZeros(new Decimal(order.premium).plus(order.fee).toFixed()))} ${OPTION_COIN}`}</Fact>
  );
}

function LiveValue({ order }: { order: OptionOrder }) {
  const { t } = useTranslation('options');
  const live = useTicker(order.symbol, VALUE_EVERY_MS)?.priceRaw;
  const value = valueIfExpiredNow(order, live);
  return (
    <Fact label={t('open.valueNow')} testId="options-value-now">
      {value === null ? '--' : `${formatDecimal(trimZeros(value))} ${OPTION_COIN}`}
      {live !== undefined && <span className="opt-muted"> {t('open.atPrice', { price: formatDecimal(live) })}</span>}
    </Fact>
  );
}

function Head({ order: o, pair }: { order: OptionOrder; pair: string }) {
  const { t } = useTranslation('options');
  return (
    <div className="opt-item__top">
      <span className="opt-item__pair">{pair}</span>
      <span className={`opt-tag ${o.kind === 'call' ? 'tone-up' : 'tone-down'}`}>{t(`kind.${o.kind}`)}</span>
      <span>{t('item.strike', { strike: formatDecimal(o.strike) })}</span>
      <span>{t('item.quantity', { quantity: formatDecimal(o.quantity) })}</span>
      <span className="opt-muted">{t(`tenor.${o.tenor}`)}</span>
    </div>
  );
}

export function SettledOptions({
  page,
  pageSize,
  state,
  pairOf,
  onPage,
}: {
  page: number;
  pageSize: number;
  state: ListState<OptionOrderPage>;
  pairOf: (symbol: string) => string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('options');
  const data = state.data;
  return (
    <DataState
      compact
      status={data ? 'ok' : state.status}
      error={state.error}
      onRetry={state.reload}
      empty={!!data && data.rows.length === 0 && page === 1}
      emptyView={<EmptyState compact title={t('settled.empty')} />}
    >
      <ul className="opt-list" data-testid="options-settled">
        {(data?.rows ?? []).map((o) => (
          <SettledOption key={o.id} order={o} pair={pairOf(o.symbol)} />
        ))}
      </ul>
      {data && <SettledPager mode="options" page={page} total={data.total} pageSize={pageSize} onPage={onPage} />}
    </DataState>
  );
}

/** Date and time to the millisecond, in the platform time zone: the audit compares the trade with the expiry. */
function preciseTime(ms: number): string {
  return `${formatDateTime(ms)}.${String(((ms % 1000) + 1000) % 1000).padStart(3, '0')}`;
}

export function SettledOption({ order: o, pair }: { order: OptionOrder; pair: string }) {
  const { t } = useTranslation('options');
  const payout = o.payout ?? '0';
  const won = /[1-9]/.test(payout);
  const settle = o.settlePrice ?? o.exit?.price ?? null;
  return (
    <li className="opt-item" data-testid="options-settled-row" data-id={o.id}>
      <Head order={o} pair={pair} />
      <dl className="figures opt-grid">
        <Fact
          label={t('settled.payout')}
          className={won ? 'opt-up' : undefined}
          testId="options-payout"
        >{`${formatDecimal(trimZeros(payout))} ${OPTION_COIN}`}</Fact>
        <Paid order={o} />
        <Fact label={t('settled.price')}>{formatDecimal(settle)}</Fact>
        <Fact label={t('settled.expired')}>{preciseTime(o.expiry)}</Fact>
      </dl>
      <section className="opt-audit" aria-label={t('audit.title')} data-testid="options-audit">
        <h4 className="opt-audit__title">{t('audit.title')}</h4>
        {o.entry && (
          <p data-testid="options-entry-trade">
            {t('audit.entryTrade', {
              id: o.entry.id,
              time: preciseTime(o.entry.time),
              price: formatDecimal(o.entry.price),
            })}
          </p>
        )}
        {o.exit ? <Evidence trade={o.exit} /> : <p>{t('audit.noTrade')}</p>}
        <p className="opt-formula" data-testid="options-formula">
          {t(`audit.formula.${o.kind}`, {
            price: formatDecimal(settle),
            strike: formatDecimal(o.strike),
            quantity: formatDecimal(o.quantity),
            payout: formatDecimal(trimZeros(payout)),
            coin: OPTION_COIN,
          })}
        </p>
        <p className="opt-muted">{t('audit.rule', { expiry: preciseTime(o.expiry) })}</p>
      </section>
    </li>
  );
}

function Evidence({ trade }: { trade: TradeEvidence }) {
  const { t } = useTranslation('options');
  return (
    <p data-testid="options-exit-trade">
      {t('audit.trade', { id: trade.id, time: preciseTime(trade.time), price: formatDecimal(trade.price) })}
    </p>
  );
}
