/**
 * The flash exchange's rules (FX-1..6). A quote takes the live market price of FROM in TO (through USDT:
 * coin→USDT the pair's last price, USDT→coin its inverse, coin→coin the ratio of the two USDT prices), the
 * configured spread and fee, and an expiry on server time; it is stored, so executing it uses exactly what was
 * quoted. Executing is one journal row of kind `exchange`: the user's platform account pays FROM to
 * `house:exchange` (the outside liquidity, which may go negative), `house:exchange` pays TO to the user and the
 * fee to `house:fees`; amounts come from the shared `flashOutcome` (rounded down to TO's decimals, so the house is
 * favoured by less than one minor unit). A quote is executed at most once, only by its user, only before expiry.
 */
import { checkAmount, assetDecimals } from '../../../src/shared/amount';
import type { ExchangeCoin, ExchangeRecord, Quote } from '../../../src/shared/schemas/exchange';
import { crossPrice, flashOutcome } from '../../../src/shared/wallet/flashQuote';
import { Decimal } from '../../../src/shared/decimal';
import { ApiFail } from '../http/failures';
import type { Ledger, Leg } from '../ledger/service';
import type { Job } from '../time/scheduler';
import type { Clock } from '../time/clock';
import type { ExchangeStore } from './store';

export const QUOTE_COIN = 'USDT';

export interface FlashConfig {
  /** Fraction, e.g. "0.001". */
  spread: string;
  fee: string;
  /** How long a quote is accepted. */
  quoteTtlMs: number;
}

export interface FlashExchangeDeps {
  ledger: Ledger;
  store: ExchangeStore;
  clock: Clock;
  config: FlashConfig;
  /** Coins with a spot pair against USDT (upper case). */
  coins(): string[];
  /** The live last price of COIN in USDT, or undefined when the market has none. */
  usdtPrice(coin: string): string | undefined;
  newId(): string;
}

/** Expired, never executed quotes are dropped this long after their expiry. */
const QUOTE_KEEP_MS = 60 * 60 * 1000;

export class FlashExchange {
  constructor(private readonly deps: FlashExchangeDeps) {}

  private priceOf(coin: string): string | undefined {
    if (coin === QUOTE_COIN) return '1';
    const p = this.deps.usdtPrice(coin);
    return p !== undefined && new Decimal(p).gt(0) ? p : undefined;
  }

  /** FX-1: every listed coin with a live USDT price, USDT first. */
  coins(): ExchangeCoin[] {
    const out: ExchangeCoin[] = [{ coin: QUOTE_COIN, price: '1', decimals: assetDecimals(QUOTE_COIN) }];
    for (const coin of this.deps.coins()) {
      if (coin === QUOTE_COIN) continue;
      const price = this.priceOf(coin);
      if (price !== undefined) out.push({ coin, price, decimals: assetDecimals(coin) });
    }
    return out;
  }

  /** FX-2: a stored quote for FROM→TO. */
  quote(userId: number, from: string, to: string): Quote {
    const fromUsdt = this.priceOf(from);
    const toUsdt = this.priceOf(to);
    if (fromUsdt === undefined) throw new ApiFail(`${from} cannot be exchanged: it has no live price`);
    if (toUsdt === undefined) throw new ApiFail(`${to} cannot be exchanged: it has no live price`);
    const { spread, fee, quoteTtlMs } = this.deps.config;
    const now = this.deps.clock.now();
    const row = {
      id: this.deps.newId(),
      userId,
      from,
      to,
      price: crossPrice(fromUsdt, toUsdt),
      spread,
      fee,
      createdAt: now,
      expiresAt: now + quoteTtlMs,
    };
    this.deps.store.insertQuote(row);
    return {
      quoteId: row.id,
      from,
      to,
      price: row.price,
      spread,
      fee,
      serverTime: now,
      expiresAt: row.expiresAt,
    };
  }

  /** FX-3..5: executes a quote once (synchronous: runs inside the idempotency transaction). */
  execute(userId: number, quoteId: string, rawAmount: string | number): ExchangeRecord {
    const { store, ledger, clock } = this.deps;
    const q = store.quote(quoteId);
    if (!q || q.userId !== userId) throw new ApiFail('This quote is unknown: get a new price and confirm again');
    if (store.exchangeOfQuote(quoteId))
      throw new ApiFail('This quote has already been used: get a new price and confirm again');
    const now = clock.now();
    if (now >= q.expiresAt) throw new ApiFail('This quote has expired: get a new price and confirm again');
    const a = checkAmount(rawAmount, q.from);
    if (!a.ok) throw new ApiFail(a.msg);
    const amount = a.amount;
    const out = flashOutcome(amount, q.to, q);
    if (new Decimal(out.receive).lte(0))
      throw new ApiFail(`The amount is too small: it would give less than the smallest unit of ${q.to}`);
    const id = this.deps.newId();
    const paidOut = new Decimal(out.receive).plus(out.fee).toFixed();
    const entries: Leg[] = [
      { userId, account: 'platform', coin: q.from, amount: `-${amount}` },
      { house: 'house:exchange', coin: q.from, amount },
      { house: 'house:exchange', coin: q.to, amount: `-${paidOut}` },
      { userId, account: 'platform', coin: q.to, amount: out.receive },
    ];
    if (new Decimal(out.fee).gt(0)) entries.push({ house: 'house:fees', coin: q.to, amount: out.fee });
    return ledger.transaction(() => {
      const journal = ledger.post({
        kind: 'exchange',
        ref: id,
        userId,
        memo: `${amount} ${q.from} -> ${out.receive} ${q.to}`,
        entries,
      });
      const record: ExchangeRecord = {
        id,
        quoteId,
        from: q.from,
        to: q.to,
        amount,
        receive: out.receive,
        fee: out.fee,
        price: q.price,
        spread: q.spread,
        feeRate: q.fee,
        time: journal.time,
      };
      store.insertExchange({ ...record, userId, journalId: journal.id });
      return record;
    });
  }

  list(userId: number, pageNum: number, pageSize: number): { rows: ExchangeRecord[]; total: number } {
    const { store } = this.deps;
    return { rows: store.list(userId, pageSize, (pageNum - 1) * pageSize), total: store.count(userId) };
  }

  pruneJob(): Job {
    return {
      name: 'exchange-quote-prune',
      everyMs: 10 * 60 * 1000,
      step: (now) => void this.deps.store.pruneQuotes(now - QUOTE_KEEP_MS),
    };
  }
}
