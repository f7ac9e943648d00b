/**
 * The demo merchant (FLOW-12; env FLOW_DEMO, on by default, off in the test harness): so `/floworder` is not
 * empty for a new visitor, one simulated merchant that nobody can sign in as (an account name, no password, like
 * the copy-trading bots) keeps a sell offer and a buy offer open in USD, and plays its part in orders taken from
 * them: after DEMO_ACT_MS it marks paid the orders it buys and confirms those it sells once the buyer marked paid.
 * Nothing real is paid: its payment details say so. It is funded from `house:genesis` (journal kind
 * `flow_demo_seed`) and topped up the same way when its USDT runs low. A failure is logged, never thrown.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { FlowOfferBody } from '../../../src/shared/schemas/flow';
import type { ServerContext } from '../context';
import { Users } from '../identity/users';
import type { Ledger } from '../ledger/service';
import type { FlowService } from './service';
import { sqliteFlowStore } from './store';

export const DEMO_MERCHANT = {
  account: 'sim-flow-merchant',
  name: 'OpenEx OTC · sim',
  payDetails: 'Simulated merchant: send nothing, this demo pays and confirms by itself',
};
export const DEMO_SEED_KIND = 'flow_demo_seed';
/** What the demo merchant is funded with, and below what it is topped up again. */
export const DEMO_SEED_USDT = '20000';
const DEMO_LOW_USDT = '6000';
/** How long the demo merchant waits before it marks paid or confirms. */
export const DEMO_ACT_MS = 20_000;
/** How often it looks at its orders and offers. */
export const DEMO_STEP_MS = 5_000;
/** An offer left with less than this is closed and posted anew. */
const DEMO_REFILL_BELOW = '100';

const OFFERS: FlowOfferBody[] = [
  {
    side: 'sell',
    fiat: 'USD',
    price: '1.01',
    amount: '5000',
    minFiat: '10',
    maxFiat: '2000',
    methods: ['bank', 'card', 'wallet'],
    payWindowMin: 15,
    terms: 'A simulated merchant for trying flow orders: it confirms by itself about 20 seconds after you mark paid.',
  },
  {
    side: 'buy',
    fiat: 'USD',
    price: '0.99',
    amount: '5000',
    minFiat: '10',
    maxFiat: '2000',
    methods: ['bank', 'wallet'],
    payWindowMin: 15,
    terms: 'A simulated merchant for trying flow orders: it marks paid by itself about 20 seconds after you take.',
  },
];

export interface DemoMerchant {
  userId: number;
  step(now: number): void;
}

/** Makes sure the demo merchant exists, is funded and a merchant (idempotent across restarts); returns it. */
export function ensureDemoMerchant(ctx: ServerContext, ledger: Ledger, flow: FlowService): DemoMerchant {
  const users = new Users(ctx.db);
  const store = sqliteFlowStore(ctx.db);
  const userId = ledger.transaction(() => {
    const known = users.byAccount(DEMO_MERCHANT.account);
    const id =
      known?.id ??
      users.create({ registerType: 'account', account: DEMO_MERCHANT.account, credits: 0, now: ctx.clock.now() }).id;
    if (!ledger.posted(DEMO_SEED_KIND, `merchant:${id}`)) fund(ledger, id, DEMO_SEED_USDT, `merchant:${id}`);
    if (!store.merchant(id)) flow.apply(id, { name: DEMO_MERCHANT.name, payDetails: DEMO_MERCHANT.payDetails });
    return id;
  });

  const keepOffers = () => {
    const open = store.offersOf(userId, 'active', 100, 0);
    for (const body of OFFERS) {
      const mine = open.filter((o) => o.side === body.side);
      if (mine.some((o) => new Decimal(o.available).gte(DEMO_REFILL_BELOW))) continue;
      ledger.transaction(() => {
        for (const o of mine) flow.closeOffer(userId, o.id);
        const b = ledger.balance(userId, 'platform', 'USDT');
        if (new Decimal(b.available).lt(DEMO_LOW_USDT)) {
          const n = store.countOffersOf(userId, 'all');
          fund(ledger, userId, new Decimal(DEMO_SEED_USDT).minus(b.available).toFixed(), `merchant:${userId}:${n}`);
        }
        flow.postOffer(userId, body);
      });
    }
  };

  const step = (now: number) => {
    for (const o of flow.orders(userId, { pageNum: 1, pageSize: 100, state: 'active' }).rows) {
      try {
        if (o.role === 'buyer' && o.state === 'unpaid' && now - o.createdAt >= DEMO_ACT_MS) flow.paid(userId, o.id);
        else if (o.role === 'seller' && o.state === 'paid' && now - (o.paidAt ?? now) >= DEMO_ACT_MS)
          flow.confirm(userId, o.id);
      } catch (err) {
        ctx.log.warn({ event: 'flow_demo_refused', orderId: o.id, err }, 'the demo merchant could not act');
      }
    }
    try {
      keepOffers();
    } catch (err) {
      ctx.log.warn({ event: 'flow_demo_offers_failed', err }, 'the demo merchant could not post its offers');
    }
  };
  keepOffers();
  return { userId, step };
}

function fund(ledger: Ledger, userId: number, amount: string, ref: string): void {
  ledger.post({
    kind: DEMO_SEED_KIND,
    ref,
    userId,
    memo: 'Simulated flow merchant: demo USDT',
    entries: [
      { userId, account: 'platform', coin: 'USDT', amount },
      { house: 'house:genesis', coin: 'USDT', amount: `-${amount}` },
    ],
  });
}
