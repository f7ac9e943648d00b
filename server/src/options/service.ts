/**
 * Options (OPT-1..14 in docs/spec/options.md): the chain, firm quotes, buying at a quote, settlement at expiry
 * from the published trade log, the lists and the records. Dependencies are injected (index.ts builds them from
 * the server's context).
 *
 * - Chain and quote: the series of `expirySeries(now)`, the spot = the last published trade, the volatility of
 *   the last hour of 1-minute closes, Black-Scholes (pricing.ts) rounded up to the price decimals; premium, fee
 *   and total with the shared rules (src/shared/trading/optionRules.ts). A quote is stored so a purchase pays
 *   exactly what was quoted.
 * - Buy (synchronous: it runs inside the idempotency transaction): the quote the caller's, unused and not
 *   expired, the shared `checkOptionBuy` against the platform USDT; then the order's row and ONE journal row
 *   (`option_buy`: the total from the platform USDT, the premium to `house:options`, the fee to `house:fees`) in
 *   one transaction. An expired quote is refused with the price now.
 * - Settle (`settleDue`, the scheduler's job): an open option is settled once the server's time is past its
 *   expiry, from the persisted log alone (the pure `settleOptions`); the payout (`option_payout`, from
 *   `house:options` to the platform USDT, none out of the money) and the row's change to settled are one
 *   transaction guarded by the row's status, so a second run or a restart never settles twice.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { SettlementData, Trade } from '../../../src/shared/protocol';
import type {
  OptionBuyBody,
  OptionChain,
  OptionKind,
  OptionOrder,
  OptionQuote,
  OptionQuoteBody,
  OptionTenor,
} from '../../../src/shared/schemas/options';
import type { RecordQuery } from '../../../src/shared/schemas/records';
import {
  checkOptionBuy,
  OPTION_COIN,
  OPTION_MONEY_DECIMALS,
  optionFee,
  optionPremium,
} from '../../../src/shared/trading/optionRules';
import type { StatusEvent } from '../events/userEvents';
import { ApiFail } from '../http/failures';
import type { Leg, Ledger } from '../ledger/service';
import type { HouseAccount } from '../ledger/types';
import type { TradeLog } from '../seconds/tradeLog';
import type { Clock } from '../time/clock';
import type { Job } from '../time/scheduler';
import {
  expirySeries,
  realisedVolatility,
  strikeStep,
  strikesAround,
  unitPremium,
  VOL_CANDLES,
  yearsTo,
} from './pricing';
import { settleOptions, type SettleOption } from './settle';
import type { OptionPairRow, OptionsStore, OrderFilter, OrderRow, QuoteRow } from './store';

/** The house account that writes every option: premiums go in, payouts come out (OPT-6). */
export const OPTIONS_POOL: HouseAccount = 'house:options';
export const FEES: HouseAccount = 'house:fees';
/** How often the settlement job looks for expired options. */
export const SETTLE_EVERY_MS = 50;
const SETTLE_BATCH = 200;
/** Logged trades are kept this long beyond what an open option still needs (OPT-7). */
export const TRADE_LOG_RETENTION_MS = 15 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/** Expired quotes never bought are dropped this long after their expiry. */
const QUOTE_KEEP_MS = 60 * 60_000;
/** A strike is offered within this fraction of the spot (OPT-11). */
export const STRIKE_BAND = '0.5';

export interface OptionsEvents {
  statusChanged(userId: number, e: StatusEvent): void;
  settlement(userId: number, data: SettlementData): void;
}

export interface OptionsDeps {
  store: OptionsStore;
  tradeLog: TradeLog;
  ledger: Ledger;
  clock: Clock;
  quoteTtlMs: number;
  /** The last published trade of a symbol, or undefined (not traded, no trade yet). */
  lastTrade(symbol: string): Trade | undefined;
  /** Up to `limit` 1-minute closes of a symbol, oldest first (the live candle last). */
  closes(symbol: string, limit: number): string[];
  /** Price and quantity decimals of the pair's book, or undefined when the market does not trade it. */
  scales(symbol: string): { price: number; amount: number } | undefined;
  newId(): string;
  events?: OptionsEvents;
  /** Runs `fn` after the current synchronous run (announcements after the commit). */
  defer(fn: () => void): void;
  onError?(err: unknown, what: string): void;
}

export interface ListQuery {
  status?: 'open' | 'settled';
  symbol?: string;
  clientOrderId?: string;
  pageNum: number;
  pageSize: number;
}

/** What a price needs of the market at one moment. */
interface Market {
  pair: OptionPairRow;
  spot: Trade;
  volatility: string;
  priceDecimals: number;
  amountDecimals: number;
}

interface Priced {
  tenor: OptionTenor;
  expiry: number;
  strike: string;
  quantity: string;
  unitPremium: string;
  premium: string;
  fee: string;
  total: string;
}

const money = (d: Decimal) => d.toFixed(OPTION_MONEY_DECIMALS);

export function toOptionOrder(r: OrderRow): OptionOrder {
  const settled = r.status === 'settled';
  return {
    id: r.id,
    clientOrderId: r.clientOrderId,
    symbol: r.symbol,
    kind: r.kind,
    tenor: r.tenor,
    expiry: r.expiry,
    strike: r.strike,
    quantity: r.quantity,
    unitPremium: r.unitPremium,
    premium: r.premium,
    fee: r.fee,
    spot: r.spot,
    volatility: r.volatility,
    createTime: r.createTime,
    status: r.status,
    exit: settled && r.exitId !== null ? { id: r.exitId, time: r.exitTime!, price: r.exitPrice! } : null,
    settlePrice: settled ? r.exitPrice : null,
    payout: settled ? r.payout : null,
    settleTime: settled ? r.settleTime : null,
  };
}

function settleInput(r: OrderRow): SettleOption {
  return {
    id: r.id,
    kind: r.kind,
    strike: r.strike,
    quantity: r.quantity,
    expiry: r.expiry,
    entry: { id: r.entryId, time: r.entryTime, price: r.entryPrice },
  };
}

export class Options {
  /** The earliest expiry of an open option (a hint: the job looks at the database only from then on). */
  private nextDue: number | undefined;
  /** Options whose settlement threw (a bug or a broken row): logged once, retried after a restart. */
  private readonly failed = new Set<number>();

  constructor(private readonly deps: OptionsDeps) {
    this.nextDue = deps.store.nextExpiry();
    deps.tradeLog.retain(deps.store.openSymbols());
  }

  /** OPT-1: the pair listed for options, traded, with a published trade; the inputs of a price now. */
  private market(symbol: string): Market {
    const pair = this.deps.store.pair(symbol);
    if (!pair) throw new ApiFail(`Unknown option pair ${symbol}: options take a listed pair such as btcusdt`);
    const scales = this.deps.scales(symbol);
    const spot = scales ? this.deps.lastTrade(symbol) : undefined;
    if (!scales || !spot) throw new ApiFail(`${symbol} has no trade yet: options are priced at the last trade`);
    return {
      pair,
      spot,
      volatility: realisedVolatility(this.deps.closes(symbol, VOL_CANDLES)),
      priceDecimals: scales.price,
      amountDecimals: scales.amount,
    };
  }

  /** OPT-2, OPT-10: the chain, with indicative premiums per unit before the fee (what a quote's unitPremium is). */
  chain(symbol: string): OptionChain {
    const m = this.market(symbol);
    const now = this.deps.clock.now();
    const spot = m.spot.price;
    return {
      symbol,
      spot,
      volatility: m.volatility,
      feeType: m.pair.feeType,
      feeValue: m.pair.feeValue,
      time: now,
      expiries: expirySeries(now).map(({ tenor, expiry }) => {
        const years = yearsTo(expiry, now);
        const step = strikeStep(spot, m.volatility, years, m.priceDecimals);
        const perUnit = (kind: OptionKind, strike: string) => {
          return unitPremium(kind, spot, strike, m.volatility, years, m.priceDecimals);
        };
        return {
          tenor,
          expiry,
          strikes: strikesAround(spot, step, m.priceDecimals).map((strike) => ({
            strike,
            call: perUnit('call', strike),
            put: perUnit('put', strike),
          })),
        };
      }),
    };
  }

  /**
   * OPT-3, OPT-11: prices one option now, refusing with the first rule that fails (pair open, quantity, expiry
   * ahead, expiry offered, strike, least and most premium; the balance when `available` is given).
   */
  private price(m: Market, body: OptionQuoteBody, now: number, available?: string): Priced {
    const base = {
      open: m.pair.status === 1,
      quantity: body.quantity,
      quantityDecimals: m.amountDecimals,
      available: available ?? '0',
      expiry: body.expiry,
      now,
    };
    const first = checkOptionBuy(base);
    if (!first.ok) throw new ApiFail(first.message);
    const series = expirySeries(now).find((s) => s.expiry === body.expiry);
    if (!series)
      throw new ApiFail(
        `Expiry ${new Date(body.expiry).toISOString()} is not offered now: choose one of the chain's expiries`,
      );
    const strike = this.strike(body.strike, m);
    const quantity = new Decimal(body.quantity).toFixed();
    const unit = unitPremium(body.kind, m.spot.price, strike, m.volatility, yearsTo(body.expiry, now), m.priceDecimals);
    const premium = optionPremium(unit, quantity);
    const fee = optionFee(m.pair.feeType, m.pair.feeValue, premium, quantity);
    const total = money(new Decimal(premium).plus(fee));
    const check = checkOptionBuy({ ...base, premium, ...(available === undefined ? {} : { total, available }) });
    if (!check.ok) throw new ApiFail(check.message);
    return { tenor: series.tenor, expiry: series.expiry, strike, quantity, unitPremium: unit, premium, fee, total };
  }

  /** OPT-11: a strike above 0, at the pair's price decimals, within STRIKE_BAND of the spot; canonical. */
  private strike(raw: string, m: Market): string {
    const k = new Decimal(raw);
    if (!k.gt(0)) throw new ApiFail('Strike must be a price above 0');
    if (k.decimalPlaces() > m.priceDecimals)
      throw new ApiFail(`Strike has at most ${m.priceDecimals} decimals on this pair`);
    const spot = new Decimal(m.spot.price);
    const band = spot.times(STRIKE_BAND);
    if (k.lt(spot.minus(band)) || k.gt(spot.plus(band)))
      throw new ApiFail(
        `Strike ${raw} is too far from the price ${m.spot.price}: choose one between ${spot.minus(band).toFixed()} and ${spot.plus(band).toFixed()}`,
      );
    return k.toFixed(m.priceDecimals);
  }

  /** OPT-5: a firm quote, stored, accepted until `expiresAt` (the TTL on, at most the option's expiry). */
  quote(userId: number, body: OptionQuoteBody): OptionQuote {
    const now = this.deps.clock.now();
    const m = this.market(body.symbol);
    const p = this.price(m, body, now);
    const row: QuoteRow = {
      id: this.deps.newId(),
      userId,
      symbol: body.symbol,
      kind: body.kind,
      ...p,
      spot: m.spot.price,
      volatility: m.volatility,
      createdAt: now,
      // never beyond the option's own expiry (a long OPTION_QUOTE_TTL_MS against a 5-minute series)
      expiresAt: Math.min(now + this.deps.quoteTtlMs, p.expiry),
    };
    this.deps.store.insertQuote(row);
    return {
      quoteId: row.id,
      symbol: row.symbol,
      kind: row.kind,
      expiry: row.expiry,
      strike: row.strike,
      quantity: row.quantity,
      unitPremium: row.unitPremium,
      premium: row.premium,
      fee: row.fee,
      total: row.total,
      spot: row.spot,
      volatility: row.volatility,
      serverTime: now,
      expiresAt: row.expiresAt,
    };
  }

  /** OPT-3, OPT-5, OPT-12: buys at a quote (synchronous; runs inside the idempotency transaction). */
  buy(userId: number, body: OptionBuyBody): OptionOrder {
    const { store, ledger, clock, tradeLog } = this.deps;
    const q = store.quote(body.quoteId);
    if (body.clientOrderId) {
      // OPT-12: the same intent again is answered with its order, never a second one.
      const same = store.byClientId(userId, body.clientOrderId);
      if (same) {
        const sameIntent =
          same.quoteId === body.quoteId ||
          (q !== undefined &&
            q.userId === userId &&
            q.symbol === same.symbol &&
            q.kind === same.kind &&
            q.expiry === same.expiry &&
            q.strike === same.strike &&
            q.quantity === same.quantity);
        if (!sameIntent) throw new ApiFail(`clientOrderId ${body.clientOrderId} is already used by another order`);
        return toOptionOrder(same);
      }
    }
    if (!q || q.userId !== userId) throw new ApiFail('This quote is unknown: get a new price and confirm again');
    if (store.byQuote(q.id)) throw new ApiFail('This quote has already been used: get a new price and confirm again');
    const now = clock.now();
    const m = this.market(q.symbol);
    const intent: OptionQuoteBody = {
      symbol: q.symbol,
      kind: q.kind,
      expiry: q.expiry,
      strike: q.strike,
      quantity: q.quantity,
    };
    if (now >= q.expiresAt) {
      // OPT-5: the price now, in the refusal; the customer confirms again (a new quote).
      let fresh: Priced;
      try {
        fresh = this.price(m, intent, now);
      } catch (err) {
        if (err instanceof ApiFail) throw new ApiFail(`This quote has expired: ${err.message}`);
        throw err;
      }
      throw new ApiFail(`This quote has expired: the price is now ${fresh.total} ${OPTION_COIN}. Confirm again`);
    }
    const available = ledger.balance(userId, 'platform', OPTION_COIN).available;
    const check = checkOptionBuy({
      open: m.pair.status === 1,
      quantity: q.quantity,
      quantityDecimals: m.amountDecimals,
      premium: q.premium,
      total: q.total,
      available,
      expiry: q.expiry,
      now,
    });
    if (!check.ok) throw new ApiFail(check.message);
    const entry = m.spot;
    const id = ledger.transaction(() => {
      const id = store.insertOrder({
        userId,
        clientOrderId: body.clientOrderId ?? null,
        quoteId: q.id,
        symbol: q.symbol,
        kind: q.kind,
        tenor: q.tenor,
        expiry: q.expiry,
        strike: q.strike,
        quantity: q.quantity,
        unitPremium: q.unitPremium,
        premium: q.premium,
        fee: q.fee,
        spot: q.spot,
        volatility: q.volatility,
        createTime: now,
        entryId: entry.id,
        entryTime: entry.ts,
        entryPrice: entry.price,
      });
      const entries: Leg[] = [
        { userId, account: 'platform', coin: OPTION_COIN, amount: `-${q.total}` },
        { house: OPTIONS_POOL, coin: OPTION_COIN, amount: q.premium },
      ];
      if (new Decimal(q.fee).gt(0)) entries.push({ house: FEES, coin: OPTION_COIN, amount: q.fee });
      const journal = ledger.post({
        kind: 'option_buy',
        ref: String(id),
        userId,
        memo: `${q.kind} ${q.symbol} ${q.strike} x ${q.quantity}, expiry ${new Date(q.expiry).toISOString()}`,
        entries,
      });
      store.setBuyJournal(id, journal.id);
      return id;
    });
    tradeLog.watch(q.symbol, { id: entry.id, time: entry.ts, price: entry.price });
    if (this.nextDue === undefined || q.expiry < this.nextDue) this.nextDue = q.expiry;
    this.announce(userId, { kind: 'option', id, status: 'open' });
    return toOptionOrder(store.byId(id)!);
  }

  /** OPT-13: the caller's options, newest first. */
  list(userId: number, q: ListQuery): { total: number; rows: OptionOrder[] } {
    const f: OrderFilter = { userId, status: q.status, symbol: q.symbol, clientOrderId: q.clientOrderId };
    return this.page(f, q.pageNum, q.pageSize, false);
  }

  /** OPT-14: record/option, the caller's settled options, newest settlement first, by pair and [from, to). */
  records(userId: number, q: RecordQuery): { total: number; rows: OptionOrder[] } {
    const f: OrderFilter = {
      userId,
      status: 'settled',
      symbol: q.symbol || undefined,
      settledFrom: q.from,
      settledTo: q.to,
    };
    return this.page(f, q.pageNum, q.pageSize, true);
  }

  private page(f: OrderFilter, pageNum: number, pageSize: number, bySettleTime: boolean) {
    const { store } = this.deps;
    return {
      total: store.count(f),
      rows: store.list(f, pageSize, (pageNum - 1) * pageSize, bySettleTime).map(toOptionOrder),
    };
  }

  /** OPT-6: settles every open option whose expiry is before `at` (at most the clock's now); returns how many. */
  settleDue(at: number): number {
    const now = Math.min(at, this.deps.clock.now());
    if (this.nextDue === undefined || now <= this.nextDue) return 0;
    const { store, tradeLog } = this.deps;
    tradeLog.flush();
    const due = store.due(now, SETTLE_BATCH);
    let settled = 0;
    for (const row of due) {
      if (this.failed.has(row.id)) continue;
      try {
        if (this.settleOne(row.id, now)) settled++;
      } catch (err) {
        this.failed.add(row.id);
        this.deps.onError?.(err, `settling option ${row.id} failed; it stays open until a restart`);
      }
    }
    const backlog = due.length === SETTLE_BATCH && due.some((r) => !this.failed.has(r.id));
    this.nextDue = backlog ? now : this.failed.size ? store.nextExpiry(now) : store.nextExpiry();
    if (settled > 0) tradeLog.retain(store.openSymbols());
    return settled;
  }

  /** One option, exactly once: the payout and the row's change to settled in one transaction. */
  private settleOne(id: number, now: number): boolean {
    const { store, ledger } = this.deps;
    const done = ledger.transaction(() => {
      const row = store.byId(id);
      if (!row || row.status !== 'open' || row.expiry >= now) return undefined;
      const last = store.lastTradeBetween(row.symbol, row.entryTime, row.expiry);
      const [s] = settleOptions([settleInput(row)], last ? [last] : []);
      let journalId: number | null = null;
      if (new Decimal(s.payout).gt(0))
        journalId = ledger.post({
          kind: 'option_payout',
          ref: String(id),
          userId: row.userId,
          memo: `${row.kind} ${row.symbol} ${row.strike} x ${row.quantity} at ${s.settlePrice}`,
          entries: [
            { house: OPTIONS_POOL, coin: OPTION_COIN, amount: `-${s.payout}` },
            { userId: row.userId, account: 'platform', coin: OPTION_COIN, amount: s.payout },
          ],
        }).id;
      if (!store.markSettled(id, { exit: s.exit, payout: s.payout, settleTime: now, journalId }))
        throw new Error(`option ${id} was settled meanwhile`);
      return { row, s };
    });
    if (!done) return false;
    const { row, s } = done;
    this.announce(row.userId, { kind: 'option', id, status: 'settled' });
    const data: SettlementData = {
      kind: 'option',
      id,
      symbol: row.symbol,
      closePrice: s.settlePrice,
      payout: s.payout,
    };
    const events = this.deps.events;
    if (events) this.deps.defer(() => events.settlement(row.userId, data));
    return true;
  }

  private announce(userId: number, e: StatusEvent): void {
    const events = this.deps.events;
    if (events) this.deps.defer(() => events.statusChanged(userId, e));
  }

  settleJob(): Job {
    return { name: 'option-settle', everyMs: SETTLE_EVERY_MS, runAtStart: true, step: (now) => this.settleDue(now) };
  }

  /**
   * OPT-7: drops logged trades no open option can settle at and older than the retention window: on a pair with
   * open options, those before the last trade at or before the earliest open expiry (nothing earlier can be a
   * settlement trade); on a pair without, all of them. Stops logging pairs without open options.
   */
  prune(now: number): number {
    const { store, tradeLog } = this.deps;
    tradeLog.flush();
    tradeLog.retain(store.openSymbols());
    let n = 0;
    for (const symbol of store.loggedSymbols()) {
      const first = store.firstOpenExpiry(symbol);
      const keepFrom =
        first === undefined
          ? Infinity
          : (store.lastTradeBetween(symbol, Number.MIN_SAFE_INTEGER, first)?.time ?? Number.MIN_SAFE_INTEGER);
      const before = Math.min(now - TRADE_LOG_RETENTION_MS, keepFrom);
      if (before > Number.MIN_SAFE_INTEGER) n += store.pruneTrades(symbol, before);
    }
    store.pruneQuotes(now - QUOTE_KEEP_MS);
    return n;
  }

  pruneJob(): Job {
    return { name: 'option-prune', everyMs: PRUNE_EVERY_MS, step: (now) => void this.prune(now) };
  }

  /** Writes the queued trades. */
  stop(): void {
    this.deps.tradeLog.flush();
  }
}
