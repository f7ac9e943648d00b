import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const replies: (() => Promise<unknown>)[] = [];
vi.mock('../api/client', () => ({
  callRaw: vi.fn(() => {
    calls.push('socketTicket');
    const next = replies.shift();
    return next ? next() : Promise.resolve({ code: 0, msg: 'not offered', data: null });
  }),
}));
const told: string[] = [];
vi.mock('./marketClient', () => ({
  marketClient: {
    setAccountToken: (t: string | null) => told.push(`token ${t}`),
    setStreamTicket: (t: string | null) => told.push(`ticket ${t}`),
  },
}));

describe('[BUS-8] the app hands the worker a socket ticket where the server offers them', () => {
  beforeEach(() => {
    calls.length = 0;
    told.length = 0;
    replies.length = 0;
    vi.resetModules();
  });

  it('asks for a ticket before the token goes to the worker, and again every half minute while signed in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { setToken, signOut } = await import('../state/session');
      const { installAccountToken, TICKET_REFRESH_MS } = await import('./accountToken');
      replies.push(async () => ({ code: 200, msg: '', data: { ticket: 'p.t1', expiresAt: 1 } }));
      replies.push(async () => ({ code: 200, msg: '', data: { ticket: 'p.t2', expiresAt: 2 } }));
      installAccountToken();
      setToken('tok-a');
      await vi.advanceTimersByTimeAsync(0);
      expect(told.slice(-2)).toEqual(['ticket p.t1', 'token tok-a']);
      await vi.advanceTimersByTimeAsync(TICKET_REFRESH_MS);
      expect(told.at(-1)).toBe('ticket p.t2');
      expect(calls).toHaveLength(2);
      signOut();
      await vi.advanceTimersByTimeAsync(TICKET_REFRESH_MS * 3);
      expect(told.slice(-2)).toEqual(['ticket null', 'token null']);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('where tickets are not offered, the token goes on and the server is not asked again in this page', async () => {
    const { setToken, signOut } = await import('../state/session');
    const { installAccountToken } = await import('./accountToken');
    installAccountToken();
    setToken('tok-a');
    await vi.waitFor(() => expect(told.at(-1)).toBe('token tok-a'));
    expect(told).not.toContain('ticket p.t1');
    signOut();
    await vi.waitFor(() => expect(told.at(-1)).toBe('token null'));
    setToken('tok-b');
    await vi.waitFor(() => expect(told.at(-1)).toBe('token tok-b'));
    expect(calls).toHaveLength(1);
  });

  it('[DEPLOY-9] where config.json says socketTickets: false, the API is never asked', async () => {
    const { setRuntimeConfig } = await import('../api/runtimeConfig');
    setRuntimeConfig({ socketTickets: false });
    try {
      const { setToken } = await import('../state/session');
      const { installAccountToken } = await import('./accountToken');
      installAccountToken();
      setToken('tok-a');
      await vi.waitFor(() => expect(told.at(-1)).toBe('token tok-a'));
      expect(calls).toHaveLength(0);
    } finally {
      setRuntimeConfig({});
    }
  });
});
