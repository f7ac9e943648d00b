/**
 * Latest price and 24 h price info of one symbol (spec 3.4), formatted for display (9.2, 5).
 *
 * Sources, newest wins: DETAIL frames (24 h statistics; their close is the tick's last trade price),
 * TRADE frames when trades of the symbol flow anyway (so the price moves with the trade that moved the
 * chart, and the chart's last close equals the ticker's price after every frame), and the REST ticker
 * after a gap (applied only if no DETAIL arrived while it was on the way).
 *
 * Ingest only keeps references to the raw strings; the view is built when asked (at most once per
 * version, i.e. once per animation frame of the host), re-formatting only the fields whose raw string
 * changed since the previous view, and reusing the others' strings.
 */
import type { PriceInfo, Trade } from '../shared/protocol';
import { formatChangePct, formatPrice, formatShort, formatSignedPrice } from './format';
import { parseDecimal } from './decimalParse';
import type { PriceMemo } from './priceMemo';
import type { Direction, TickerView } from './views';

function sign(raw: string): Direction {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 49 && c <= 57) return raw.charCodeAt(0) === 45 ? -1 : 1;
  }
  return 0;
}

export class TickerStore {
  readonly key: string;
  readonly serverKey: string;
  version = 0;
  /** DETAIL frames applied so far; a REST reply is stale if this moved while it was on the way. */
  details = 0;
  private info: PriceInfo | undefined;
  private priceRaw = '';
  private priceNum = 0;
  private tickDir: Direction = 0;
  private ts = 0;
  private lastTradeId = -1;
  private view: TickerView | undefined;
  private viewVersion = -1;
  /** The raw values the current view was built from. */
  private viewInfo: PriceInfo | undefined;

  constructor(
    readonly symbol: string,
    private readonly memo: PriceMemo,
  ) {
    this.key = `ticker:${symbol}`;
    this.serverKey = `DETAIL:${symbol}`;
  }

  applyDetail(d: PriceInfo, ts: number): void {
    this.details++;
    this.info = d;
    this.setPrice(d.close);
    this.ts = ts;
  }

  /** REST ticker requested when `details` was `detailsAtRequest`. */
  applyRest(d: PriceInfo, detailsAtRequest: number): boolean {
    if (this.details !== detailsAtRequest) return false;
    this.info = d;
    this.setPrice(d.close);
    return true;
  }

  /** The newest trade of a TRADE frame: moves the price at once (once a DETAIL gave the statistics). */
  applyTrade(t: Trade): boolean {
    if (t.id <= this.lastTradeId) return false;
    this.lastTradeId = t.id;
    if (!this.info) return false;
    this.setPrice(t.price);
    this.ts = t.ts;
    return true;
  }

  private setPrice(raw: string): void {
    if (raw === this.priceRaw) return;
    const a = parseDecimal(raw);
    if (this.priceRaw !== '' && a !== this.priceNum) this.tickDir = a > this.priceNum ? 1 : -1;
    this.priceRaw = raw;
    this.priceNum = a;
  }

  tickerView(): TickerView | undefined {
    const d = this.info;
    if (!d) return undefined;
    const prev = this.view;
    if (prev && this.viewVersion === this.version) return prev;
    const p = prev ? this.viewInfo : undefined;
    const v: TickerView = {
      symbol: this.symbol,
      price: prev && prev.priceRaw === this.priceRaw ? prev.price : this.memo.format(this.priceRaw),
      priceRaw: this.priceRaw,
      changePct:
        p && p.priceChangePercent === d.priceChangePercent ? prev!.changePct : formatChangePct(d.priceChangePercent),
      change: p && p.change === d.change ? prev!.change : formatSignedPrice(d.change),
      dir: sign(d.change),
      tickDir: this.tickDir,
      high24: p && p.high24 === d.high24 ? prev!.high24 : formatPrice(d.high24),
      low24: p && p.low24 === d.low24 ? prev!.low24 : formatPrice(d.low24),
      open24: p && p.openPrice === d.openPrice ? prev!.open24 : formatPrice(d.openPrice),
      vol24: p && p.volume24 === d.volume24 ? prev!.vol24 : formatShort(d.volume24),
      amount24:
        p && p.amount24 === d.amount24 ? prev!.amount24 : d.amount24 === undefined ? '' : formatShort(d.amount24),
      ts: this.ts,
    };
    this.viewInfo = d;
    this.viewVersion = this.version;
    this.view = v;
    return v;
  }
}
