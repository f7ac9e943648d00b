import { describe, expect, it } from 'vitest';
import { RELEASE_GRACE_MS } from './constants';
import { engineHarness } from './testing/harness';

const USDT = (available: string) => ({ account: 'platform', coin: 'USDT', available, frozen: '0' });

describe('the live account [LIVE-1][LIVE-2][LIVE-3]', () => {
  it('[LIVE-1] the private streams are held only while the account is watched and a token is set; the token travels in the subscribe message', async () => {
    const h = engineHarness();
    h.exchange.accounts.set('tok-a', [USDT('5')]);
    const release = h.engine.acquire({ kind: 'account' });
    await h.settle();
    expect(h.sockets.last.ops().filter((o) => /OWNCOIN|USER_STATUS/.test(o))).toEqual([]);
    expect(h.engine.accountView().balances).toBeNull();

    h.engine.setAccountToken('tok-a');
    await h.settle();
    const sub = h.sockets.last.sent.find((f) => f.type === 'OWNCOIN');
    expect(sub).toMatchObject({ op: 'subscribe', type: 'OWNCOIN', token: 'tok-a' });
    expect(h.engine.accountView().balances).toEqual([USDT('5')]);
    expect(h.changes.at(-1)).toEqual(['account']);

    h.exchange.setBalances('tok-a', [USDT('7.25')]);
    await h.settle();
    expect(h.engine.accountView().balances).toEqual([USDT('7.25')]);

    h.exchange.pushStatus('tok-a', { kind: 'deposit', id: 3, status: 'credited' });
    await h.settle();
    expect(h.engine.accountView()).toMatchObject({ statusCount: 1, lastStatus: { kind: 'deposit', id: 3 } });

    release();
    h.time.advance(RELEASE_GRACE_MS);
    const ops = h.sockets.last.ops();
    expect(ops).toContain('unsubscribe OWNCOIN');
    expect(ops).toContain('unsubscribe USER_STATUS');
    expect(ops).toContain('unsubscribe SETTLEMENT');
    // An unsubscribe never carries the token.
    expect(h.sockets.last.sent.filter((f) => f.op === 'unsubscribe' && 'token' in f)).toEqual([]);
  });

  it('[LIVE-1] signing out clears the balances at once; another user signing in sees only theirs', async () => {
    const h = engineHarness();
    h.exchange.accounts.set('tok-a', [USDT('5')]);
    h.exchange.accounts.set('tok-b', [USDT('900')]);
    h.engine.acquire({ kind: 'account' });
    h.engine.setAccountToken('tok-a');
    await h.settle();
    expect(h.engine.accountView().balances).toEqual([USDT('5')]);
    h.engine.setAccountToken(null);
    expect(h.engine.accountView().balances).toBeNull();
    await h.settle();
    expect(h.sockets.last.ops().slice(-3)).toEqual([
      'unsubscribe OWNCOIN',
      'unsubscribe USER_STATUS',
      'unsubscribe SETTLEMENT',
    ]);
    h.engine.setAccountToken('tok-b');
    await h.settle();
    expect(h.engine.accountView().balances).toEqual([USDT('900')]);
    // A token switch without signing out in between: subscribe again with the new token, balances cleared first.
    h.exchange.accounts.set('tok-c', [USDT('1')]);
    const seen: unknown[] = [];
    h.engine.onChange((keys) => {
      if (keys.has('account')) seen.push(h.engine.accountView().balances);
    });
    h.engine.setAccountToken('tok-c');
    await h.settle();
    expect(seen[0]).toBeNull(); // B's balances went before C's came
    expect(h.sockets.last.sent.filter((f) => f.type === 'OWNCOIN' && f.op === 'subscribe').at(-1)).toMatchObject({
      token: 'tok-c',
    });
    expect(h.engine.accountView().balances).toEqual([USDT('1')]);
  });

  it('[LIVE-1] a refused token leaves no balances and says so; a reconnect subscribes again with the token', async () => {
    const h = engineHarness();
    h.engine.acquire({ kind: 'account' });
    h.engine.setAccountToken('stale');
    await h.settle();
    expect(h.engine.accountView()).toMatchObject({ balances: null, authorized: false });
    h.exchange.accounts.set('fresh', [USDT('2')]);
    h.engine.setAccountToken('fresh');
    await h.settle();
    expect(h.engine.accountView()).toMatchObject({ balances: [USDT('2')], authorized: true });
    h.exchange.dropAll();
    h.time.advance(10_000);
    await h.settle();
    const resent = h.sockets.last.sent.filter((f) => f.type === 'OWNCOIN' && f.op === 'subscribe');
    expect(resent).toHaveLength(1);
    expect(resent[0].token).toBe('fresh');
    expect(h.sockets.last.sent.filter((f) => f.type === 'SETTLEMENT' && f.op === 'subscribe')).toMatchObject([
      { token: 'fresh' },
    ]);
    expect(h.engine.accountView().balances).toEqual([USDT('2')]);
  });

  it('[LIVE-6] each acknowledged USER_STATUS subscription (a start, a reconnect) counts once; signed out it is 0', async () => {
    const h = engineHarness();
    h.exchange.accounts.set('tok-a', [USDT('5')]);
    h.engine.acquire({ kind: 'account' });
    await h.settle();
    expect(h.engine.accountView().liveCount).toBe(0);
    h.engine.setAccountToken('tok-a');
    await h.settle();
    expect(h.engine.accountView().liveCount).toBe(1);
    // News does not move it; a reconnect (news sent while the socket was down is lost) does.
    h.exchange.pushStatus('tok-a', { kind: 'inbox', id: 0, status: 'changed' });
    await h.settle();
    expect(h.engine.accountView()).toMatchObject({ liveCount: 1, statusCount: 1 });
    h.exchange.dropAll();
    h.time.advance(10_000);
    await h.settle();
    expect(h.engine.accountView().liveCount).toBe(2);
    expect(h.changes.at(-1)).toContain('account');
    h.engine.setAccountToken(null);
    await h.settle();
    expect(h.engine.accountView().liveCount).toBe(0);
  });

  it('[LIVE-3][SEC-12] SETTLEMENT is held with the token like the others; each settlement reaches the account view once, with a count', async () => {
    const h = engineHarness();
    h.exchange.accounts.set('tok-a', [USDT('5')]);
    h.engine.acquire({ kind: 'account' });
    h.engine.setAccountToken('tok-a');
    await h.settle();
    expect(h.sockets.last.sent.find((f) => f.type === 'SETTLEMENT')).toMatchObject({
      op: 'subscribe',
      type: 'SETTLEMENT',
      token: 'tok-a',
    });
    expect(h.engine.accountView()).toMatchObject({ settlementCount: 0, lastSettlement: null });
    const win = { kind: 'second', id: 41, symbol: 'btcusdt', result: 'win', closePrice: '64000.5', payout: '18' };
    h.exchange.pushSettlement('tok-a', win);
    await h.settle();
    expect(h.engine.accountView()).toMatchObject({ settlementCount: 1, lastSettlement: win });
    expect(h.changes.at(-1)).toEqual(['account']);
    const draw = { ...win, id: 42, result: 'draw', payout: '10' };
    h.exchange.pushSettlement('tok-a', draw);
    await h.settle();
    expect(h.engine.accountView()).toMatchObject({ settlementCount: 2, lastSettlement: draw });
    // A malformed payload is counted as rejected and changes nothing.
    const rejected = h.engine.diagnostics().framesRejected;
    h.exchange.pushSettlement('tok-a', { ...win, id: 43, payout: 1.5 });
    await h.settle();
    expect(h.engine.diagnostics().framesRejected).toBe(rejected + 1);
    expect(h.engine.accountView()).toMatchObject({ settlementCount: 2, lastSettlement: draw });
    // Signing out forgets them.
    h.engine.setAccountToken(null);
    expect(h.engine.accountView()).toMatchObject({ settlementCount: 0, lastSettlement: null });
  });

  it('[BUS-8] where tickets are offered the private streams carry the newest ticket, never the token; a new ticket keeps what is shown', async () => {
    const h = engineHarness();
    h.exchange.accounts.set('ticket-1', [USDT('5')]);
    h.exchange.accounts.set('ticket-2', [USDT('6')]);
    h.exchange.positions.set('ticket-1', []);
    h.exchange.positions.set('ticket-2', []);
    h.engine.acquire({ kind: 'account' });
    h.engine.acquire({ kind: 'positions' });
    h.engine.setStreamTicket('ticket-1');
    h.engine.setAccountToken('tok-a');
    await h.settle();
    const subs = () => h.sockets.last.sent.filter((f) => f.op === 'subscribe' && 'token' in f);
    const sent = (from = 0) =>
      subs()
        .slice(from)
        .map((f) => `${String(f.type)} ${String(f.token)}`)
        .sort();
    const TYPES = ['OWNCOIN', 'POSITION', 'SETTLEMENT', 'USER_STATUS'];
    expect(sent()).toEqual(TYPES.map((t) => `${t} ticket-1`));
    expect(h.engine.accountView().balances).toEqual([USDT('5')]);
    const seen: unknown[] = [];
    h.engine.onChange((keys) => {
      if (keys.has('account')) seen.push(h.engine.accountView().balances);
    });
    h.engine.setStreamTicket('ticket-2');
    await h.settle();
    expect(sent(4)).toEqual(TYPES.map((t) => `${t} ticket-2`));
    expect(seen).not.toContain(null); // the balances stayed until the new ones came
    expect(h.engine.accountView()).toMatchObject({ balances: [USDT('6')], authorized: true });
    // A reconnect subscribes with the newest ticket.
    h.exchange.dropAll();
    h.time.advance(10_000);
    await h.settle();
    expect(h.sockets.sockets.length).toBeGreaterThan(1);
    expect(sent()).toEqual(TYPES.map((t) => `${t} ticket-2`));
    expect(h.sockets.sockets.flatMap((s) => s.sent).some((f) => f.token === 'tok-a')).toBe(false);
  });
});
