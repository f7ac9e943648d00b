/**
 * The option chain and firm quotes (OPT-1..3, 5, 10, 11): the series of `expirySeries(now)`, the spot = the last
 * published trade, the volatility of the last hour of 1-minute closes, Black-Scholes (pricing.ts) rounded up to
 * the price decimals; premium, fee and total with the shared rules (src/shared/trading/optionRules.ts). A quote
 * is stored so a purchase pays exactly what was quoted; buying (orders.ts) prices again with `price` when the
 * quote has expired.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { Trade } from '../../../src/shared/protocol';
import type { OptionChain, OptionKind, OptionQuote, OptionQuoteBody } from '../../../src/shared/schemas/options';
import {
  checkOptionBuy,
  OPTION_MONEY_DECIMALS,
  optionFee,
  optionPremium,
} from '../../../src/shared/trading/optionRules';
import { ApiFail } from '../http/failures';
import type { OptionsDeps } from './deps';
import {
  expirySeries,
  realisedVolatility,
  strikeStep,
  strikesAround,
  unitPremium,
  VOL_CANDLES,
  yearsTo,
} from './pricing';
import type { OptionPairRow, QuoteRow } from './store';

/** A strike is offered within this fraction of the spot (OPT-11). */
export const STRIKE_BAND = '0.5';

/** What a price needs of the market at one moment. */
export interface Market {
  pair: OptionPairRow;
  spot: Trade;
  volatility: string;
  priceDecimals: number;
  amountDecimals: number;
}

/** A price: what a quote stores of it (store.ts). */
export type Priced = Pick<
  QuoteRow,
  'tenor' | 'expiry' | 'strike' | 'quantity' | 'unitPremium' | 'premium' | 'fee' | 'total'
>;

const money = (d: Decimal) => d.toFixed(OPTION_MONEY_DECIMALS);

export class OptionQuotes {
  constructor(private readonly deps: OptionsDeps) {}

  /** OPT-1: the pair listed for options, traded, with a published trade; the inputs of a price now. */
  market(symbol: string): Market {
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
  price(m: Market, body: OptionQuoteBody, now: number, available?: string): Priced {
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
}
