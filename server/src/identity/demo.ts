/**
 * The demo user seeded at start-up (printed by main.ts outside production): some balances (one journal row from
 * `house:genesis`, LEDGER-1), a watchlist, a trade password. SAFE-5: seeded only when the configuration says so
 * (always outside production with the published password; in production only with SEED_DEMO=1 and the operator's
 * DEMO_PASSWORD).
 */
import type { Identity } from './service';
import { hashPassword } from './passwords';

export const DEMO = { account: 'demo@openex.local', password: 'Demo12345', tradePassword: '123456' };

const BALANCES: [account: 'platform' | 'finance' | 'contract', coin: string, amount: string][] = [
  ['platform', 'USDT', '10000'],
  ['platform', 'BTC', '0.5'],
  ['platform', 'ETH', '3.25'],
  ['finance', 'USDT', '1000'],
  ['contract', 'USDT', '500'],
];
const WATCHLIST: [coin: string, symbol: string][] = [
  ['BTC', 'btcusdt'],
  ['ETH', 'ethusdt'],
];

export async function seedDemo(acc: Identity, password: string = DEMO.password): Promise<void> {
  if (acc.users.byEmail(DEMO.account)) return;
  const [pwd, trade] = await Promise.all([hashPassword(password), hashPassword(DEMO.tradePassword)]);
  acc.db.transaction(() => {
    if (acc.users.byEmail(DEMO.account)) return;
    const u = acc.users.create({
      registerType: 'email',
      email: DEMO.account,
      pwdHash: pwd,
      credits: 80,
      now: acc.clock.now(),
    });
    acc.users.setTradePassword(u.id, trade);
    acc.ledger.post({
      kind: 'genesis',
      ref: `demo:${u.id}`,
      userId: u.id,
      entries: BALANCES.flatMap(([account, coin, amount]) => [
        { userId: u.id, account, coin, amount },
        { house: 'house:genesis' as const, coin, amount: `-${amount}` },
      ]),
    });
    const ins = acc.db.prepare('INSERT INTO user_coins (user_id, coin, symbol, sort) VALUES (?, ?, ?, ?)');
    WATCHLIST.forEach(([coin, symbol], i) => ins.run(u.id, coin, symbol, i));
  })();
}
