/**
 * Latest price and 24 h price info of one symbol (spec 3.4), formatted for display (9.2, 5).
 *
 * Sources, newest wins: DETAIL frames (24 h statistics; their close is the tick's last trade price),
 * TRADE frames when trades of the symbol flow anyway (so the price moves with the trade that moved the
 * chart, and the chart's last close equals the ticker's price after every frame), and the REST ticker
 * after a gap (applied only if no DETAIL arrived while it was on the way).
 * Each field is re-formatted only when its raw string changed; views are new objects per change.
 */
import type { PriceInfo, Trade } from '../shared/protocol';
import { formatChangePct, formatPrice, formatShort, formatSignedPrice } from './format';
import type { PriceMemo } from './priceMemo';
import type { Direction, TickerView } from './views';

function sign(raw: string): Direction {
  if (raw.charCodeAt(0) === 45) return /[1-9]/.test(raw) ? -1 : 0;
  return /[1-9]/.test(raw) ? 1 : 0;
}

export class TickerStore {
  readonly key: string;
  readonly serverKey: string;
  view: TickerView | undefined;
  version = 0;
  /** DETAIL frames applied so far; a REST reply is stale if this moved while it was on the way. */
  details = 0;
  private info: PriceInfo | undefined;
  private lastTradeId = -1;

  constructor(
    readonly symbol: string,
    private readonly memo: PriceMemo,
  ) {
    this.key = `ticker:${symbol}`;
    this.serverKey = `DETAIL:${symbol}`;
  }

  applyDetail(d: PriceInfo, ts: number): boolean {
    this.details++;
    this.set(d, ts);
    return true;
  }

  /** REST ticker requested when `details` was `detailsAtRequest`. */
  applyRest(d: PriceInfo, detailsAtRequest: number): boolean {
    if (this.details !== detailsAtRequest) return false;
    this.set(d, this.view?.ts ?? 0);
    return true;
  }

  /** The newest trade of a TRADE frame: moves the price at once. */
  applyTrade(t: Trade): boolean {
    if (t.id <= this.lastTradeId) return false;
    this.lastTradeId = t.id;
    const prev = this.view;
    if (!prev) return false;
    if (prev.priceRaw === t.price) {
      if (prev.ts === t.ts) return false;
      this.view = { ...prev, ts: t.ts };
      return true;
    }
    this.view = {
      ...prev,
      price: this.memo.format(t.price),
      priceRaw: t.price,
      tickDir: this.moveDir(t.price, prev),
      ts: t.ts,
    };
    return true;
  }

  private moveDir(raw: string, prev: TickerView | undefined): Direction {
    if (!prev) return 0;
    const a = +raw;
    const b = +prev.priceRaw;
    return a > b ? 1 : a < b ? -1 : prev.tickDir;
  }

  private set(d: PriceInfo, ts: number): void {
    const prev = this.view;
    const p = this.info;
    this.info = d;
    const same = (k: keyof PriceInfo) => p !== undefined && prev !== undefined && p[k] === d[k];
    const samePrice = prev !== undefined && prev.priceRaw === d.close;
    this.view = {
      symbol: this.symbol,
      price: samePrice ? prev.price : this.memo.format(d.close),
      priceRaw: d.close,
      changePct: same('priceChangePercent') ? prev!.changePct : formatChangePct(d.priceChangePercent),
      change: same('change') ? prev!.change : formatSignedPrice(d.change),
      dir: same('change') ? prev!.dir : sign(d.change),
      tickDir: samePrice ? prev.tickDir : this.moveDir(d.close, prev),
      high24: same('high24') ? prev!.high24 : formatPrice(d.high24),
      low24: same('low24') ? prev!.low24 : formatPrice(d.low24),
      open24: same('openPrice') ? prev!.open24 : formatPrice(d.openPrice),
      vol24: same('volume24') ? prev!.vol24 : formatShort(d.volume24),
      amount24: same('amount24') ? prev!.amount24 : d.amount24 === undefined ? '' : formatShort(d.amount24),
      ts,
    };
  }
}
