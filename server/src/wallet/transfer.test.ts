/** Balances and transfers over HTTP against the whole server (spec 7.2), with the ledger's guarantees. */
import { beforeEach, describe, expect, it } from 'vitest';
import { assetApi } from '../../../src/shared/api/asset';
import { Decimal } from '../../../src/shared/decimal';
import { booksOf, serverForFile, resetAndSignInDemo } from '../testing/fixtures';

const ts = serverForFile({ clock: 'manual' });
let token: string;
let demoId: number;
beforeEach(async () => ({ token, id: demoId } = await resetAndSignInDemo(ts)));

const TRANSFER = assetApi.transferFunds.path;
const transfer = (body: unknown, key?: string) =>
  ts.post(TRANSFER, body, { satoken: token, ...(key ? { 'idempotency-key': key } : {}) });
const books = () => booksOf(ts);
const journalRows = () => (ts.ctx.db.prepare('SELECT count(*) AS n FROM ledger_journal').get() as { n: number }).n;

describe('[LEDGER-8] asset/assetBalance and asset/transferFunds', () => {
  it('lists every account and coin; the demo money is one genesis journal row', async () => {
    const r = await ts.call(assetApi.assetBalance, { token });
    expect(r.code).toBe(200);
    expect(r.data).toEqual([
      { account: 'platform', coin: 'BTC', available: '0.5', frozen: '0' },
      { account: 'platform', coin: 'ETH', available: '3.25', frozen: '0' },
      { account: 'platform', coin: 'USDT', available: '10000', frozen: '0' },
      { account: 'finance', coin: 'USDT', available: '1000', frozen: '0' },
      { account: 'contract', coin: 'USDT', available: '500', frozen: '0' },
    ]);
    expect(ts.ctx.db.prepare('SELECT kind, user_id AS userId FROM ledger_journal').all()).toEqual([
      { kind: 'genesis', userId: demoId },
    ]);
    expect(books().problems).toBe(0);
    const fresh = await ts.signUp('new@t.co');
    const n = await ts.call(assetApi.assetBalance, { token: fresh });
    expect(n.data.map((e) => [e.account, e.coin, e.available])).toEqual([
      ['platform', 'USDT', '0'],
      ['finance', 'USDT', '0'],
      ['contract', 'USDT', '0'],
    ]);
  });

  it('moves money between two accounts at once, journaled as a transfer', async () => {
    const r = await ts.call(assetApi.transferFunds, {
      token,
      body: { fromAccount: 'platform', toAccount: 'contract', coin: 'usdt', amount: '1234.5' },
    });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ fromAccount: 'platform', toAccount: 'contract', coin: 'USDT', amount: '1234.5' });
    expect(r.data.balances).toEqual([
      { account: 'platform', coin: 'USDT', available: '8765.5', frozen: '0' },
      { account: 'contract', coin: 'USDT', available: '1734.5', frozen: '0' },
    ]);
    const row = ts.ctx.db.prepare("SELECT ref, user_id AS userId FROM ledger_journal WHERE kind = 'transfer'").get();
    expect(row).toEqual({ ref: r.data.id, userId: demoId });
    // A coin the account did not hold yet gets its row.
    await ts.call(assetApi.transferFunds, {
      token,
      body: { fromAccount: 'platform', toAccount: 'finance', coin: 'BTC', amount: '0.5' },
    });
    const bal = await ts.call(assetApi.assetBalance, { token });
    expect(bal.data).toContainEqual({ account: 'finance', coin: 'BTC', available: '0.5', frozen: '0' });
    expect(bal.data).toContainEqual({ account: 'platform', coin: 'BTC', available: '0', frozen: '0' });
    expect(books().problems).toBe(0);
  });

  it('[LEDGER-7] [SAFE-20] refuses bad transfers with a clear message and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { fromAccount: 'platform', toAccount: 'platform', coin: 'USDT', amount: '1' },
        'Invalid body: toAccount: Choose two different accounts',
      ],
      [{ fromAccount: 'platform', toAccount: 'finance', coin: 'NOPE', amount: '1' }, 'Unknown coin NOPE'],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '-5' },
        'Invalid body: amount: Amount must be positive',
      ],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '0' },
        'Invalid body: amount: Amount must be greater than zero',
      ],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '1e5' },
        'Invalid body: amount: Amount must be written in plain digits, without an exponent',
      ],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '1.0000001' },
        'Invalid body: amount: Amount has more decimals than USDT allows (at most 6)',
      ],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '9'.repeat(1000) },
        'Invalid body: amount: Amount is too long (at most 15 digits before the point)',
      ],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: 'ten' },
        'Invalid body: amount: Amount must be a number, e.g. 12.5',
      ],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: true },
        'Invalid body: amount: Amount must be a decimal string',
      ],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: 1 },
        'Invalid body: amount: send the amount as a decimal string, e.g. "12.5", not as a number',
      ],
      [{ fromAccount: 'platform', toAccount: 'savings', coin: 'USDT', amount: '1' }, 'Invalid body: toAccount:'],
      [
        { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '10000.000001' },
        'Insufficient USDT balance in the platform account',
      ],
    ];
    const before = await ts.call(assetApi.assetBalance, { token });
    const rows = journalRows();
    for (const [body, msg] of cases) {
      const r = await transfer(body);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(0);
      expect(r.body.msg.startsWith(msg), `${r.body.msg} for ${JSON.stringify(body).slice(0, 100)}`).toBe(true);
    }
    expect((await ts.call(assetApi.assetBalance, { token })).data).toEqual(before.data);
    expect(journalRows()).toBe(rows);
  });

  it('refuses without a session', async () => {
    const r = await ts.post(TRANSFER, { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '1' });
    expect(r.body.code).toBe(500);
  });
});

describe('[LEDGER-3] concurrency', () => {
  it('50 concurrent transfers each of 60 % of the balance over HTTP: exactly one succeeds, nothing negative, totals kept', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        transfer({ fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '6000' }),
      ),
    );
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.body.code !== 200).map((r) => r.body.msg))).toEqual(
      new Set(['Insufficient USDT balance in the platform account']),
    );
    const bal = (await ts.call(assetApi.assetBalance, { token })).data;
    expect(bal).toContainEqual({ account: 'platform', coin: 'USDT', available: '4000', frozen: '0' });
    expect(bal).toContainEqual({ account: 'finance', coin: 'USDT', available: '7000', frozen: '0' });
    const usdt = bal
      .filter((b) => b.coin === 'USDT')
      .reduce((s, b) => s.plus(b.available).plus(b.frozen), new Decimal(0));
    expect(usdt.toFixed()).toBe('11500');
    expect(books().problems).toBe(0);
  });

  it('50 concurrent withdrawal holds each of 60 % of the balance: exactly one holds, the rest are refused', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, async (_, i) =>
        ts.ledger.hold({
          kind: 'withdraw',
          ref: `w${i}`,
          userId: demoId,
          account: 'platform',
          coin: 'BTC',
          amount: '0.3',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(ts.ledger.balance(demoId, 'platform', 'BTC')).toEqual({ available: '0.2', frozen: '0.3' });
    expect(books()).toMatchObject({ problems: 0, openHolds: 1 });
  });
});

describe('[IDEM-1] [IDEM-2] [IDEM-3] Idempotency-Key on transferFunds', () => {
  const body = { fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '10' };

  it('the same key 50 times concurrently: one effect, the same reply each time', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, () => transfer(body, 'key-concurrent-1')));
    const texts = new Set(replies.map((r) => JSON.stringify(r.body)));
    expect(texts.size).toBe(1);
    expect(replies[0].body.code).toBe(200);
    expect(ts.ledger.balance(demoId, 'platform', 'USDT').available).toBe('9990');
    expect(journalRows()).toBe(2);
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(49);
  });

  it('the same key 50 times in sequence: one effect, the same reply; another request under it is refused', async () => {
    const replies = [];
    for (let i = 0; i < 50; i++) replies.push(await transfer(body, 'key-sequence-1'));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(ts.ledger.balance(demoId, 'platform', 'USDT').available).toBe('9990');
    const other = await transfer({ ...body, amount: '11' }, 'key-sequence-1');
    expect(other.body).toEqual({
      code: 0,
      msg: 'This Idempotency-Key was already used for a different request; send a new key for a new request',
      data: null,
    });
    expect(ts.ledger.balance(demoId, 'platform', 'USDT').available).toBe('9990');
    // A new key is a new transfer; the key is per user.
    expect((await transfer(body, 'key-sequence-2')).body.code).toBe(200);
    expect(ts.ledger.balance(demoId, 'platform', 'USDT').available).toBe('9980');
  });

  it('a refusal is the stored reply too; a malformed key is refused', async () => {
    const a = await transfer({ ...body, amount: '20000' }, 'key-refused-1');
    expect(a.body.msg).toBe('Insufficient USDT balance in the platform account');
    const b = await transfer({ ...body, amount: '20000' }, 'key-refused-1');
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    const bad = await transfer(body, 'short');
    expect(bad.body.msg).toBe('Idempotency-Key must be 8 to 128 letters, digits, "_" or "-"');
    expect((await transfer(body, 'x'.repeat(129))).body.code).toBe(0);
    expect(ts.ledger.balance(demoId, 'platform', 'USDT').available).toBe('10000');
  });

  it('[IDEM-4] keys are kept 24 hours, then pruned by the scheduler', async () => {
    await transfer(body, 'key-pruned-1');
    const keys = () => (ts.ctx.db.prepare('SELECT count(*) AS n FROM idempotency_keys').get() as { n: number }).n;
    ts.clock.advance(23 * 3600_000);
    ts.ctx.scheduler.runDue(ts.clock.now());
    expect(keys()).toBe(1);
    ts.clock.advance(3600_000 + 1);
    ts.ctx.scheduler.runDue(ts.clock.now());
    expect(keys()).toBe(0);
  });
});

describe('[LEDGER-5] the exchange_ledger_imbalance gauge', () => {
  it('reads 0 on right books and counts mismatches after the next check', async () => {
    // Far enough ahead that the check is due whatever earlier tests ran.
    const check = () => {
      ts.clock.advance(48 * 3600_000);
      ts.ctx.scheduler.runDue(ts.clock.now());
    };
    const gauge = async () => /^exchange_ledger_imbalance (\d+)$/m.exec((await ts.get('/metrics')).body)?.[1];
    check();
    expect(await gauge()).toBe('0');
    ts.ctx.db.prepare("UPDATE user_assets SET available = '1' WHERE coin = 'ETH'").run();
    check();
    expect(await gauge()).toBe('1');
    ts.ctx.db.prepare("UPDATE user_assets SET available = '3.25' WHERE coin = 'ETH'").run();
    check();
    expect(await gauge()).toBe('0');
  });
});
