/**
 * The spot list for MARKET_COINS=N (benchmarks, operators' load tests): the first N of the 50 well-known
 * coins, then generated ones. A generated coin has a made-up code (3 to 5 letters, never one of the table's,
 * never "SIMnn" of flood mode), a name and a starting price of five significant digits between 0.0001 and
 * 9,999 (so every price and size scale occurs), all deterministic from MARKET_SEED.
 */
import Decimal from 'decimal.js';
import { createRng } from '../market/rng';
import { SEED_COINS, type SeedCoin } from './coinTable';
import { priceScaleOf } from './scales';

/** Default MARKET_COINS: the 50 listed coins, nothing generated. */
export const DEFAULT_MARKET_COINS = SEED_COINS.length;
/** Upper bound of MARKET_COINS. */
export const MAX_MARKET_COINS = 1_000;

const CONSONANTS = 'BCDFGHJKLMNPRSTVXZ';
const VOWELS = 'AEIOU';
const SUFFIXES = ['Network', 'Protocol', 'Chain', 'Finance', 'Token', 'Labs', 'Swap', 'DAO', 'Coin', 'World'];

/** The first `n` coins of the spot list for `seed`: the table's first, then generated ones. */
export function marketCoins(n: number, seed: number): SeedCoin[] {
  const out = SEED_COINS.slice(0, Math.max(0, n));
  const taken = new Set(SEED_COINS.map((c) => c.coin));
  const rng = createRng(seed, 'market-coins');
  const pick = (s: string) => s[Math.floor(rng.next() * s.length)];
  while (out.length < n) {
    const len = 3 + Math.floor(rng.next() * 3);
    let code = '';
    for (let i = 0; i < len; i++) code += pick(i % 2 === 0 ? CONSONANTS : VOWELS);
    if (taken.has(code)) continue;
    taken.add(code);
    const name = `${code[0]}${code.slice(1).toLowerCase()} ${SUFFIXES[Math.floor(rng.next() * SUFFIXES.length)]}`;
    const magnitude = Math.floor(rng.next() * 8) - 4; // 10^-4 .. 10^3
    const mantissa = 10_000 + Math.floor(rng.next() * 90_000); // five significant digits
    const raw = new Decimal(mantissa).times(new Decimal(10).pow(magnitude - 4));
    out.push({ coin: code, name, price: raw.toFixed(priceScaleOf(raw.toFixed())) });
  }
  return out;
}
