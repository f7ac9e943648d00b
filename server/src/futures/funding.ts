/**
 * Funding (FUT-10): at every UTC multiple of a pair's `intervalHour`, longs and shorts pay each other through
 * house:funding.
 *
 * - L and S: the users' open notional at the mark, per side. rate = 0.0005 x (L - S) / (L + S), rounded towards
 *   zero to 8 decimals (so at most 0.05 % per interval); positive: longs pay. Either side empty or a rate of 0:
 *   nothing moves.
 * - Each payer pays |rate| x its notional, rounded up to 6 decimals, at most its margin, from its margin.
 * - The receivers share exactly what was collected, pro rata by notional, rounded down; the units left over go
 *   one by one to the largest receivers (then the oldest), so paid == received.
 * - One row per (pair, round time) in futures_funding_rounds, in the same transaction: a round is never paid twice.
 *   The row keeps the mark tick the notionals were valued at (its price, index and time; FUT-3), and each
 *   position's funding record carries that mark as its price.
 *   A round is paid within FUNDING_GRACE_MS of its time (the job looks every minute); a round missed entirely
 *   while the server was down is skipped, not charged later to whoever holds positions then.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { FundingInfo } from '../../../src/shared/schemas/futures';
import { liquidationPrice, MONEY_DECIMALS, notionalOf } from '../../../src/shared/trading/futuresRules';
import { ApiFail } from '../http/failures';
import { freshRef, FUNDING_HOUSE, heldBy, houseLeg, money, reholdMargin, userLeg } from './money';
import type { FuturesService } from './service';
import type { PositionRow } from './store';

export const FUNDING_CAP = '0.0005';
const RATE_DECIMALS = 8;
const HOUR_MS = 3_600_000;
const UNIT = new Decimal(1).div(10 ** MONEY_DECIMALS);
/** A round is paid within this long after its time; one missed entirely (server down) is skipped. */
export const FUNDING_GRACE_MS = 10 * 60_000;

/** The rate from the two sides' notionals (FUT-10). */
export function fundingRate(long: string | Decimal, short: string | Decimal): string {
  const l = new Decimal(long);
  const s = new Decimal(short);
  if (l.isZero() || s.isZero()) return new Decimal(0).toFixed(RATE_DECIMALS);
  return new Decimal(FUNDING_CAP)
    .times(l.minus(s))
    .div(l.plus(s))
    .toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_DOWN)
    .toFixed(RATE_DECIMALS);
}

/** Splits `total` pro rata by `weights`, rounded down, the left-over units to the largest weights first. */
export function shareOut(total: string | Decimal, weights: Decimal[]): Decimal[] {
  const t = new Decimal(total);
  const sum = weights.reduce((a, w) => a.plus(w), new Decimal(0));
  if (sum.isZero()) return weights.map(() => new Decimal(0));
  const parts = weights.map((w) => t.times(w).div(sum).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_DOWN));
  let left = t.minus(parts.reduce((a, p) => a.plus(p), new Decimal(0)));
  const order = weights.map((w, i) => ({ w, i })).sort((a, b) => b.w.cmp(a.w) || a.i - b.i);
  for (let k = 0; left.gt(0); k = (k + 1) % order.length) {
    parts[order[k].i] = parts[order[k].i].plus(UNIT);
    left = left.minus(UNIT);
  }
  return parts;
}

export class Funding {
  constructor(private readonly svc: FuturesService) {}

  private intervalMs(symbol: string): number {
    return (this.svc.deps.pair(symbol)?.intervalHour ?? 8) * HOUR_MS;
  }

  /** The rate a round would use now, and when the next round is. */
  info(symbol: string): FundingInfo {
    const pair = this.svc.pairOf(symbol);
    const now = this.svc.deps.clock.now();
    const every = this.intervalMs(symbol);
    const { long, short } = this.sides(symbol);
    return {
      symbol,
      intervalHour: pair.intervalHour,
      rate: fundingRate(long.total, short.total),
      nextTime: Math.floor(now / every) * every + every,
      longNotional: money(long.total),
      shortNotional: money(short.total),
    };
  }

  private sides(symbol: string) {
    const pair = this.svc.pairOf(symbol);
    const mark = this.svc.deps.marks.current(symbol);
    const long = { total: new Decimal(0), rows: [] as { p: PositionRow; n: Decimal }[] };
    const short = { total: new Decimal(0), rows: [] as { p: PositionRow; n: Decimal }[] };
    if (!mark) return { long, short, mark };
    for (const p of this.svc.deps.store.openPositionsOn(symbol)) {
      const n = notionalOf(pair, p.shares, mark.price);
      const side = p.side === 'long' ? long : short;
      side.total = side.total.plus(n);
      side.rows.push({ p, n });
    }
    return { long, short, mark };
  }

  /** Runs the round of every pair whose latest boundary at or before `now` has not been paid yet. */
  run(now: number): number {
    let rounds = 0;
    const symbols = new Set<string>();
    for (const s of this.svc.deps.pairs()) symbols.add(s);
    for (const symbol of symbols) {
      try {
        if (this.round(symbol, now)) rounds++;
      } catch (err) {
        if (!(err instanceof ApiFail)) this.svc.deps.onError(err, { event: 'futures_funding_failed', symbol });
      }
    }
    this.svc.flush();
    return rounds;
  }

  private round(symbol: string, now: number): boolean {
    const { store, ledger } = this.svc.deps;
    const every = this.intervalMs(symbol);
    const at = Math.floor(now / every) * every;
    if (now - at >= FUNDING_GRACE_MS || store.fundingRound(symbol, at)) return false;
    const pair = this.svc.pairOf(symbol);
    const { long, short, mark } = this.sides(symbol);
    if (!mark) return false;
    const rate = fundingRate(long.total, short.total);
    const r = new Decimal(rate);
    const payers = r.gt(0) ? long.rows : short.rows;
    const receivers = r.gt(0) ? short.rows : long.rows;
    const touched = new Set<PositionRow>();
    ledger.transaction(() => {
      let collected = new Decimal(0);
      if (!r.isZero()) {
        for (const { p, n } of payers) {
          const margin = new Decimal(heldBy(ledger, p.holdId));
          const pay = Decimal.min(margin, r.abs().times(n).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_UP));
          if (pay.isZero()) continue;
          const journal = ledger.post({
            kind: 'futures_funding',
            ref: freshRef(ledger, 'futures_funding', `${symbol}:${at}:${p.id}`),
            userId: p.userId,
            memo: `funding ${rate} on ${p.side} ${p.shares} ${symbol}`,
            entries: [houseLeg(FUNDING_HOUSE, pay)],
            fromHolds: [{ holdId: p.holdId!, amount: pay.toFixed() }],
          });
          collected = collected.plus(pay);
          this.apply(p, pay.neg(), rate, at, journal.id, pair, mark.price);
          touched.add(p);
        }
        const parts = shareOut(
          collected,
          receivers.map((x) => x.n),
        );
        receivers.forEach(({ p }, i) => {
          const get = parts[i];
          if (get.isZero()) return;
          const journal = ledger.post({
            kind: 'futures_funding',
            ref: freshRef(ledger, 'futures_funding', `${symbol}:${at}:${p.id}`),
            userId: p.userId,
            memo: `funding ${rate} on ${p.side} ${p.shares} ${symbol}`,
            entries: [houseLeg(FUNDING_HOUSE, get.neg()), userLeg(p.userId, get)],
          });
          this.apply(p, get, rate, at, journal.id, pair, mark.price);
          touched.add(p);
        });
      }
      store.insertFundingRound(symbol, at, rate, money(collected), money(collected), mark);
    });
    for (const p of touched) this.svc.pushLater(p.userId, { kind: 'funding', positionId: p.id, symbol });
    return true;
  }

  /** A payment changes the position's margin (and so its liquidation price) and its funding. */
  private apply(
    p0: PositionRow,
    amount: Decimal,
    rate: string,
    at: number,
    journalId: number,
    pair: Parameters<typeof liquidationPrice>[0],
    markPrice: string,
  ): void {
    const { store, ledger } = this.svc.deps;
    const p = store.position(p0.id)!;
    const margin = money(new Decimal(p.margin).plus(amount));
    // Paid: the hold already lost the part (fromHolds). Received: the credit joins the hold.
    const holdId = amount.gt(0)
      ? reholdMargin(ledger, p, margin, `funding ${rate}`)
      : heldBy(ledger, p.holdId) === '0'
        ? null
        : p.holdId;
    store.updatePosition({
      ...p,
      margin,
      holdId,
      liquidationPrice: liquidationPrice(pair, { side: p.side, shares: p.shares, entryPrice: p.entryPrice, margin }),
      funding: money(new Decimal(p.funding).plus(amount)),
      updatedAt: at,
    });
    store.insertRecord({
      userId: p.userId,
      time: at,
      symbol: p.symbol,
      side: p.side,
      kind: 'funding',
      positionId: p.id,
      orderId: null,
      tradeId: null,
      shares: p.shares,
      price: markPrice,
      fee: money(0),
      pnl: money(amount),
      rate,
      journalId,
    });
  }
}
