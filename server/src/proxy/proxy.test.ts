/**
 * The agent programme on the whole server (PROXY-*): applying, linking, the commission paid from `house:proxy`
 * on interest to a linked customer (the interest itself is posted here from `house:interest`, as the finance
 * module will, and the listener called inside the same transaction), and the read side. The server checks the
 * books when it stops.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxyApi } from '../../../src/shared/api/proxy';
import { Decimal } from '../../../src/shared/decimal';
import { proxyCommission } from '../../../src/shared/earn/proxyRules';
import type { ProxyInfo } from '../../../src/shared/schemas/proxy';
import type { InterestPaid } from '../finance/hooks';
import { startTestServer, type TestServer } from '../testing/harness';
import { proxyService } from './index';
import { maskCustomer, type ProxyService } from './service';

const START = Date.UTC(2026, 2, 1, 9, 0, 0);
const DAY = 86_400_000;

let ts: TestServer;
/** A second service on the same database, with finance holdings the test decides (the mounted one has none yet). */
let proxy: ProxyService;
const holdings = new Map<number, { coin: string; principal: string }[]>();

beforeAll(async () => {
  ts = await startTestServer({ clock: 'manual', clockStart: START });
});
afterAll(() => ts.stop());
beforeEach(async () => {
  await ts.reset();
  holdings.clear();
  proxy = proxyService(ts.ctx, ts.ledger, { holdingsOf: (u) => holdings.get(u) ?? [] });
});

let users = 0;
async function user(): Promise<{ token: string; id: number; email: string }> {
  const email = `proxy-${++users}@example.com`;
  const token = await ts.signUp(email);
  return { token, id: ts.acc.sessions.resolve(token)!, email };
}

const post = (token: string, path: string, body?: unknown, key?: string) =>
  ts.post(path, body ?? {}, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });

async function apply(token: string): Promise<string> {
  const r = await post(token, proxyApi.proxyApply.path);
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data.code;
}

async function link(token: string, code: string) {
  return (await post(token, proxyApi.proxyLink.path, { code })).body as { code: number; msg: string; data: ProxyInfo };
}

let refs = 0;
/** Pays `amount` COIN of interest to the user as the finance module does, with the listener inside. */
function payInterest(userId: number, amount: string, coin = 'USDT', ref = `holding 1 day ${++refs}`, day = START) {
  const e: InterestPaid = { ref, userId, holdingId: 1, coin, amount, day, time: ts.clock.now() };
  ts.ledger.transaction(() => {
    ts.ledger.post({
      kind: 'finance_interest',
      ref,
      userId,
      entries: [
        { house: 'house:interest', coin, amount: `-${amount}` },
        { userId, account: 'platform', coin, amount },
      ],
    });
    proxy.onInterest(e);
  });
  return e;
}

const bal = (id: number, coin = 'USDT') => ts.ledger.balance(id, 'platform', coin).available;
const houseProxy = (coin = 'USDT') =>
  (
    ts.ctx.db.prepare("SELECT amount FROM ledger_entries WHERE account = 'house:proxy' AND coin = ?").all(coin) as {
      amount: string;
    }[]
  ).reduce((a, r) => a.plus(r.amount), new Decimal(0));

describe('applying and linking', () => {
  it('[PROXY-1] applying makes an agent with an 8-character code; applying again returns the same code', async () => {
    const a = await user();
    const code = await apply(a.token);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await apply(a.token)).toBe(code);
    const info = await ts.call(proxyApi.proxyInfo, { token: a.token });
    expect(info.data).toMatchObject({ isAgent: true, code, linkedCode: null, customers: 0, commissionRate: '0.1' });
  });

  it('[PROXY-2] a customer links an agent code once (any case); their own, an unknown or a second code is refused', async () => {
    const a = await user();
    const b = await user();
    const c = await user();
    const codeA = await apply(a.token);
    const codeB = await apply(b.token);
    expect((await link(a.token, codeA)).msg).toBe('You cannot link your own agent code');
    expect((await link(c.token, 'ZZZZ9999')).msg).toBe('No agent has the code ZZZZ9999');
    expect((await link(c.token, 'bad code!')).code).not.toBe(200);
    const ok = await link(c.token, codeA.toLowerCase());
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.linkedCode).toBe(codeA);
    // The same code again is harmless; another is refused, and the link stays.
    expect((await link(c.token, codeA)).code).toBe(200);
    const again = await link(c.token, codeB);
    expect(again.msg).toBe(`You already invest through agent ${codeA}; a link cannot be changed`);
    expect((await ts.call(proxyApi.proxyInfo, { token: c.token })).data.linkedCode).toBe(codeA);
    expect((await ts.call(proxyApi.proxyInfo, { token: a.token })).data.customers).toBe(1);
  });

  it('[PROXY-2] applying and linking honour Idempotency-Key', async () => {
    const a = await user();
    const c = await user();
    const r1 = await post(a.token, proxyApi.proxyApply.path, {}, 'apply-key-1');
    expect(r1.body.code, JSON.stringify(r1.body)).toBe(200);
    const r2 = await post(a.token, proxyApi.proxyApply.path, {}, 'apply-key-1');
    expect(r2.body).toEqual(r1.body);
    const l1 = await post(c.token, proxyApi.proxyLink.path, { code: r1.body.data.code }, 'link-key-1');
    const l2 = await post(c.token, proxyApi.proxyLink.path, { code: r1.body.data.code }, 'link-key-1');
    expect(l1.body.code).toBe(200);
    expect(l2.body).toEqual(l1.body);
  });
});

describe('the commission', () => {
  it('[PROXY-3] interest to a linked customer pays the agent interest x rate from house:proxy, never from the customer', async () => {
    const a = await user();
    const c = await user();
    await link(c.token, await apply(a.token));
    const before = bal(c.id);
    payInterest(c.id, '12.345678');
    expect(bal(a.id)).toBe('1.234567');
    // The customer got the whole interest: the commission did not come out of it.
    expect(new Decimal(bal(c.id)).minus(before).toFixed()).toBe('12.345678');
    expect(houseProxy().toFixed()).toBe('-1.234567');
  });

  it('[PROXY-3] the same interest payment delivered twice pays once', async () => {
    const a = await user();
    const c = await user();
    await link(c.token, await apply(a.token));
    const e = payInterest(c.id, '10');
    ts.ledger.transaction(() => proxy.onInterest(e));
    proxy.onInterest(e);
    expect(bal(a.id)).toBe('1');
    expect(ts.ctx.db.prepare("SELECT count(*) AS n FROM ledger_journal WHERE kind = 'proxy_commission'").get()).toEqual(
      {
        n: 1,
      },
    );
  });

  it('[PROXY-3] no commission for a customer who is not linked, nor for interest before the link', async () => {
    const a = await user();
    const c = await user();
    const code = await apply(a.token);
    payInterest(c.id, '10');
    expect(bal(a.id)).toBe('0');
    await link(c.token, code);
    payInterest(c.id, '10');
    expect(bal(a.id)).toBe('1');
  });

  it('[PROXY-4] the commission rounds down to the coin decimals; one that rounds to nothing moves nothing', async () => {
    const a = await user();
    const c = await user();
    await link(c.token, await apply(a.token));
    payInterest(c.id, '0.00000999'); // USDT has 6 decimals: 0.000000999 -> 0
    expect(bal(a.id)).toBe('0');
    payInterest(c.id, '0.123456789', 'BTC'); // 0.0123456789 -> 0.01234567
    expect(bal(a.id, 'BTC')).toBe('0.01234567');
    expect(proxyCommission('0.123456789', '0.1', 'BTC')).toBe('0.01234567');
    expect(proxyCommission('9.9999999', '0.1', 'USDT')).toBe('0.999999');
    const page = await ts.call(proxyApi.proxyEarnings, { token: a.token });
    expect(page.data.rows.map((r) => r.commission)).toEqual(['0.01234567']);
  });
});

describe('the figures', () => {
  it('[PROXY-6] [PROXY-7] [PROXY-8] [PROXY-9] info, customers and earnings after a few interest payments', async () => {
    const a = await user();
    const b = await user();
    const c1 = await user();
    const c2 = await user();
    const c3 = await user();
    const codeA = await apply(a.token);
    const codeB = await apply(b.token);
    await link(c1.token, codeA);
    ts.clock.advance(60_000);
    await link(c2.token, codeA);
    await link(c3.token, codeB);
    holdings.set(c1.id, [{ coin: 'USDT', principal: '1000' }]);
    holdings.set(c2.id, [
      { coin: 'USDT', principal: '500.5' },
      { coin: 'NOPE', principal: '3' }, // no market: held, not valued
    ]);
    payInterest(c1.id, '2', 'USDT', 'h1 d1', START);
    payInterest(c1.id, '2', 'USDT', 'h1 d2', START + DAY);
    payInterest(c2.id, '1.5', 'USDT', 'h2 d2', START + DAY);
    payInterest(c3.id, '4', 'USDT', 'h3 d2', START + DAY);

    const info = proxy.info(a.id);
    expect(info).toMatchObject({
      isAgent: true,
      code: codeA,
      customers: 2,
      customerPrincipal: '1500.5',
      earned: '0.55',
      totalOutput: '0.95',
      userBenefits: '9.5',
      participant: 2,
      validNode: 1,
      approveNumber: 3,
    });
    expect(proxy.info(c1.id)).toMatchObject({ isAgent: false, code: null, linkedCode: codeA, earned: '0' });

    const customers = proxy.customers(a.id, 1, 20);
    expect(customers.total).toBe(2);
    expect(customers.rows).toEqual([
      {
        name: maskCustomer({ email: c2.email } as never),
        linkedAt: START + 60_000,
        principal: '500.5',
        holdings: 2,
        commission: '0.15',
      },
      {
        name: maskCustomer({ email: c1.email } as never),
        linkedAt: START,
        principal: '1000',
        holdings: 1,
        commission: '0.4',
      },
    ]);
    expect(customers.rows[0].name).toBe('pr***@example.com');

    const earnings = proxy.earnings(a.id, 1, 2);
    expect(earnings.total).toBe(3);
    expect(earnings.rows.map((r) => [r.commission, r.interest])).toEqual([
      ['0.15', '1.5'],
      ['0.2', '2'],
    ]);
    expect(earnings.byDay).toEqual([
      { day: START + DAY, commission: '0.35' },
      { day: START, commission: '0.2' },
    ]);
    // Over HTTP (the mounted service has no finance module yet: principal 0), the replies match their schemas.
    const viaHttp = await ts.call(proxyApi.proxyInfo, { token: a.token });
    expect(viaHttp.data).toMatchObject({ earned: '0.55', customers: 2, customerPrincipal: '0' });
    const page = await ts.call(proxyApi.proxyCustomers, { token: a.token, query: { pageNum: 2, pageSize: 1 } });
    expect(page.data.rows.map((r) => r.commission)).toEqual(['0.4']);
    const e = await ts.call(proxyApi.proxyEarnings, { token: a.token });
    expect(e.data.total).toBe(3);
  });

  it('[PROXY-7] other coins are valued in USDT at the last price of COINusdt', async () => {
    const a = await user();
    const c = await user();
    await link(c.token, await apply(a.token));
    const price = ts.ctx.market.ticker('btcusdt')!.close;
    holdings.set(c.id, [{ coin: 'BTC', principal: '2' }]);
    expect(proxy.info(a.id).customerPrincipal).toBe(new Decimal(price).times(2).toFixed());
  });

  it('[PROXY-5] the calls need a signed-in user', async () => {
    const r = await ts.get(proxyApi.proxyInfo.path);
    expect(r.body.code).not.toBe(200);
  });
});
