import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearRetryAfter } from '../api/client';
import { resetClientEnv, setClientEnv } from '../api/env';
import { loadUserInfo, logout, onRechargeRefresh, signIn, USER_INFO_CHANGED_EVENT } from './actions';
import { LOGIN_SUCCESS_EVENT, tryAutoLogin, type Eip1193Provider } from './autoLogin';
import { installSessionSync } from './crossTab';
import { guard, LOADING_TOAST_DELAY_MS, resetGuardHistory } from './guard';
import { ui } from '../state/toast';
import { applyConfig, settings } from '../state/settings';
import { onSignOut, session, signOut } from '../state/session';
import { setRouteAccess } from './paths';
import { ROUTES } from '../routes';

/** A Storage in memory, so the session's persistence can be checked in node. */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
}

const PROFILE = {
  id: 7,
  uid: '1000007',
  registerType: 'email',
  account: null,
  email: 'a@b.co',
  phone: null,
  address: null,
  nickname: 'a',
  level: 0,
  inviteCode: 'ABCD1234',
  hasTradePwd: false,
  hasLoginPwd: true,
  kyc: { primary: 'none', senior: 'none' },
  withdrawAddress: { type: '', address: '' },
  asset: [{ coin: 'USDT', account: 'platform', available: '10.5', frozen: '0' }],
  createTime: 1,
};

let replies: Array<() => unknown>;
let sent: string[];
let notes: string[];
let doc: EventTarget;
let win: EventTarget;

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Queues a user-info reply with `data` that waits until the returned function is called. */
function heldReply(data: typeof PROFILE): () => void {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  replies.push(async () => {
    await gate;
    return { code: 200, msg: 'ok', data };
  });
  return release;
}

beforeEach(() => {
  // The guard learns from the app's route table which paths open signed out (routes.tsx does this at start).
  setRouteAccess(ROUTES);
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  doc = new EventTarget();
  win = new EventTarget();
  vi.stubGlobal('document', Object.assign(doc, { documentElement: { lang: 'en' } }));
  vi.stubGlobal('window', win);
  replies = [];
  sent = [];
  notes = [];
  clearRetryAfter();
  setClientEnv({
    fetch: (async (url: string) => {
      sent.push(String(url));
      const next = replies.shift();
      if (!next) throw new Error(`unexpected request ${url}`);
      const r = await next();
      return r instanceof Response ? r : json(r);
    }) as typeof fetch,
    notify: (m) => notes.push(m),
    reload: () => undefined,
    getTestPlatform: () => null,
    getLang: () => 'en',
  });
  signOut();
});

afterEach(() => {
  resetClientEnv();
  vi.unstubAllGlobals();
});

describe('session (spec 3.2, 4.1)', () => {
  it('[spec 4.1] sign-in stores the token, loads the user info, caches it, fires the event and the recharge hook', async () => {
    const events: unknown[] = [];
    doc.addEventListener(USER_INFO_CHANGED_EVENT, (e) => events.push((e as CustomEvent).detail));
    const hook = vi.fn();
    const off = onRechargeRefresh(hook);
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await expect(signIn('tok-1')).resolves.toBe(true);
    off();
    expect(session).toMatchObject({ token: 'tok-1', isSign: true });
    expect(session.userInfo?.email).toBe('a@b.co');
    expect(session.asset).toEqual(PROFILE.asset);
    expect(localStorage.getItem('openex:token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('openex:userInfo')!).id).toBe(7);
    expect(events).toHaveLength(1);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(sent).toEqual(['/api/user/getInfo']);
  });

  it('[spec 4.1] a user-info reply other than code 200 signs the user out', async () => {
    replies.push(() => ({ code: 0, msg: 'nope', data: null }));
    await expect(signIn('tok-2')).resolves.toBe(false);
    expect(session).toMatchObject({ token: '', isSign: false, userInfo: null });
    expect(localStorage.getItem('openex:token')).toBeNull();
  });

  it('[spec 4.2] a failed load (network) is swallowed and the session stays', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-3');
    replies.push(() => new Response('down', { status: 502 }));
    await expect(loadUserInfo()).resolves.toBe(false);
    expect(session.isSign).toBe(true);
    expect(session.userInfo?.id).toBe(7);
  });

  it('[spec 4.1] a load that ends after a sign-out applies nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-4');
    setClientEnv({
      fetch: (async () => {
        await gate;
        return json({ code: 200, msg: 'ok', data: { ...PROFILE, nickname: 'late' } });
      }) as typeof fetch,
    });
    const p = loadUserInfo();
    signOut();
    release();
    await expect(p).resolves.toBe(false);
    expect(session.userInfo).toBeNull();
    expect(localStorage.getItem('openex:userInfo')).toBeNull();
  });

  it('[spec 4.1] sign-out clears the token, user info and session storage, keeps the test-platform entry and other keys', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-5');
    localStorage.setItem('openex:testPlatform', JSON.stringify({ platform: 'x' }));
    localStorage.setItem('openex:language', 'de');
    sessionStorage.setItem('anything', '1');
    signOut();
    expect(localStorage.getItem('openex:token')).toBeNull();
    expect(localStorage.getItem('openex:userInfo')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('openex:testPlatform')).toBe(JSON.stringify({ platform: 'x' }));
    expect(localStorage.getItem('openex:language')).toBe('de');
    expect(session).toMatchObject({ token: '', isSign: false, userInfo: null, asset: [] });
  });

  it('[spec 4.1] logout kills the token on the server, then signs out even if that call fails', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-6');
    replies.push(() => new Response('x', { status: 500 }));
    await logout();
    expect(sent.at(-1)).toBe('/api/user/loginOut');
    expect(session.isSign).toBe(false);
  });
});

describe('cross-tab sign-out', () => {
  function fakeChannelPair() {
    const listeners: Array<(ev: MessageEvent) => void> = [];
    const posted: unknown[] = [];
    return {
      posted,
      deliver: (data: unknown) => listeners.forEach((l) => l({ data } as MessageEvent)),
      channel: {
        postMessage: (m: unknown) => posted.push(m),
        addEventListener: (_: 'message', fn: (ev: MessageEvent) => void) => listeners.push(fn),
        close: () => undefined,
      },
    };
  }

  it('[spec 4.1] a local sign-out is broadcast; a broadcast sign-out signs this tab out without echoing', async () => {
    const pair = fakeChannelPair();
    const target = new EventTarget();
    const left = vi.fn();
    const stop = installSessionSync({
      channel: pair.channel,
      target: target as unknown as Window,
      leaveGuardedPage: left,
    });
    try {
      replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
      await signIn('tok-7');
      signOut();
      expect(pair.posted).toEqual([{ type: 'signOut' }]);

      replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
      await signIn('tok-8');
      const remote = vi.fn();
      const off = onSignOut(remote);
      pair.deliver({ type: 'signOut' });
      off();
      expect(session.isSign).toBe(false);
      expect(remote).toHaveBeenCalledWith(true);
      expect(left).toHaveBeenCalledTimes(1);
      expect(pair.posted).toHaveLength(1); // no echo
    } finally {
      stop();
    }
  });

  it('[spec 4.1] the storage event of another tab removing the token signs this tab out', async () => {
    const target = new EventTarget();
    const left = vi.fn();
    const stop = installSessionSync({ channel: null, target: target as unknown as Window, leaveGuardedPage: left });
    try {
      replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
      await signIn('tok-9');
      const ev = Object.assign(new Event('storage'), {
        key: 'openex:token',
        newValue: null,
        storageArea: localStorage,
      });
      target.dispatchEvent(ev);
      expect(session.isSign).toBe(false);
      expect(left).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});

describe('cross-tab sign-in', () => {
  it('[spec 4.1] a token stored by another tab is adopted and the user info loads', async () => {
    const target = new EventTarget();
    const stop = installSessionSync({
      channel: null,
      target: target as unknown as Window,
      leaveGuardedPage: () => undefined,
    });
    try {
      replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
      localStorage.setItem('openex:token', 'tok-other');
      target.dispatchEvent(
        Object.assign(new Event('storage'), { key: 'openex:token', newValue: 'tok-other', storageArea: localStorage }),
      );
      expect(session).toMatchObject({ token: 'tok-other', isSign: true });
      await vi.waitFor(() => expect(session.userInfo?.id).toBe(7));
    } finally {
      stop();
    }
  });
});

describe('navigation guard (spec 4.2)', () => {
  it('[GUARD-1][PUB-1][PUB-2] signed out: public paths pass, others go to /lr carrying where they were going', async () => {
    for (const p of ['/', '/lr', '/login', '/register', '/forget', '/login?x=1']) expect(await guard(p)).toBeNull();
    for (const p of [
      '/store',
      '/search',
      '/trade?symbol=ethusdt',
      '/contract',
      '/flash',
      '/flashOption',
      '/option',
      '/trade?tab=optional',
      '/help',
      '/helpDetail/101',
      '/about',
      '/termService',
      '/download',
      '/langList',
    ])
      expect(await guard(p), p).toBeNull();
    for (const p of ['/wallet', '/setpwd', '/userauth', '/primary', '/assets', '/cashflow', '/finance', '/follow'])
      expect(await guard(p), p).toBe(`/lr?redirect=${encodeURIComponent(p)}`);
    expect(await guard('/recharge?coin=USDT')).toBe('/lr?redirect=%2Frecharge%3Fcoin%3DUSDT');
    expect(await guard('/helpDetail/101/x')).toBe('/lr?redirect=%2FhelpDetail%2F101%2Fx');
  });

  it("[spec 4.2] signed in: '/i&' goes to /, other paths reload the user info and continue", async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-10');
    expect(await guard('/x/i&y')).toBe('/');
    replies.push(() => ({ code: 200, msg: 'ok', data: { ...PROFILE, nickname: 'fresh' } }));
    expect(await guard('/wallet')).toBeNull();
    expect(session.userInfo?.nickname).toBe('fresh');
  });

  it('[spec 4.2] signed in but the user info says otherwise: signed out and sent to /lr', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-11');
    replies.push(() => ({ code: -1, msg: 'gone', data: null }));
    expect(await guard('/wallet')).toBe('/lr?redirect=%2Fwallet');
    expect(session.isSign).toBe(false);
  });
});

describe('navigation guard: entry screens, loading toast, dev tools', () => {
  beforeEach(() => resetGuardHistory());

  const loadingToasts = () => ui.toasts.filter((t) => t.kind === 'loading');

  it('[GUARD-5] signed in, /lr, /login and /register go back to the last path shown, or home', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-12');
    for (const p of ['/login', '/register', '/lr?x=1']) {
      replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
      expect(await guard(p), p).toBe('/');
    }
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    expect(await guard('/trade?symbol=ethusdt')).toBeNull();
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    expect(await guard('/login')).toBe('/trade?symbol=ethusdt');
    // /forget stays open to a signed-in user (GUARD-1 does not send anyone away from it).
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    expect(await guard('/forget')).toBeNull();
  });

  it('[PUB-2][GUARD-5] signed in, an entry screen with a safe redirect goes there; an unsafe one is ignored', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-12b');
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    expect(await guard('/login?redirect=%2Fcontract%3Fsymbol%3Dethusdt')).toBe('/contract?symbol=ethusdt');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
      expect(await guard(`/lr?redirect=${encodeURIComponent(bad)}`), bad).toBe('/');
    }
  });

  it('[GUARD-5] signed in but the reload signs out: /login is shown (it is public)', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-13');
    replies.push(() => ({ code: -1, msg: 'gone', data: null }));
    expect(await guard('/login')).toBeNull();
    expect(session.isSign).toBe(false);
  });

  it('[GUARD-2] a fast user-info reload shows no loading toast; navigation still waits for it', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-14');
    vi.useFakeTimers();
    try {
      const release = heldReply({ ...PROFILE, nickname: 'fast' });
      let done = false;
      const p = guard('/wallet').then((r) => {
        done = true;
        return r;
      });
      await vi.advanceTimersByTimeAsync(LOADING_TOAST_DELAY_MS - 1);
      expect(loadingToasts()).toEqual([]);
      expect(done).toBe(false);
      release();
      await expect(p).resolves.toBeNull();
      expect(session.userInfo?.nickname).toBe('fast');
      await vi.advanceTimersByTimeAsync(LOADING_TOAST_DELAY_MS * 10);
      expect(loadingToasts()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('[GUARD-2] a slow reload shows the loading toast after the delay and removes it when done', async () => {
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await signIn('tok-15');
    vi.useFakeTimers();
    try {
      const release = heldReply(PROFILE);
      const p = guard('/wallet');
      await vi.advanceTimersByTimeAsync(LOADING_TOAST_DELAY_MS);
      expect(loadingToasts()).toHaveLength(1);
      release();
      await expect(p).resolves.toBeNull();
      expect(loadingToasts()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('[DEV-1] signed out, /dev/outbox opens only when the server has a development outbox', async () => {
    const before = settings.config;
    try {
      expect(await guard('/dev/outbox')).toBe('/lr?redirect=%2Fdev%2Foutbox');
      applyConfig({ ...before, devOutbox: true }, 'server', false);
      expect(await guard('/dev/outbox')).toBeNull();
      expect(await guard('/dev/other')).toBe('/lr?redirect=%2Fdev%2Fother');
    } finally {
      applyConfig(before, 'defaults', false);
    }
  });
});

describe('auto-login (spec 4.2, 9.4)', () => {
  it('[spec 4.2] without a provider, or with the setting off, nothing happens', async () => {
    await expect(tryAutoLogin(true, null)).resolves.toBe('skipped');
    const provider: Eip1193Provider = { request: vi.fn(async () => ['0x' + 'a'.repeat(40)]) };
    await expect(tryAutoLogin(false, provider)).resolves.toBe('skipped');
    expect(provider.request).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('[spec 4.2] with a wallet: signs in by address, raises login_success, loads the user info', async () => {
    const raised = vi.fn();
    win.addEventListener(LOGIN_SUCCESS_EVENT, raised);
    const provider: Eip1193Provider = { isTrust: true, request: async () => ['0x' + 'b'.repeat(40)] };
    replies.push(() => ({ code: 200, msg: 'ok', data: { satoken: 'w'.repeat(43) } }));
    replies.push(() => ({ code: 200, msg: 'ok', data: PROFILE }));
    await expect(tryAutoLogin(true, provider)).resolves.toBe('signed-in');
    expect(sent).toEqual(['/api/user/addressLogin', '/api/user/getInfo']);
    expect(raised).toHaveBeenCalledTimes(1);
    expect(session.token).toBe('w'.repeat(43));
  });

  it('[spec 4.2] a refused address login shows the message as a toast and stays signed out', async () => {
    const provider: Eip1193Provider = { request: async () => ['0x' + 'c'.repeat(40)] };
    replies.push(() => ({ code: 0, msg: 'Address login is closed', data: null }));
    await expect(tryAutoLogin(true, provider)).resolves.toBe('failed');
    expect(notes).toEqual(['Address login is closed']);
    expect(session.isSign).toBe(false);
  });

  it('[spec 4.2] the user declining in the wallet is quiet', async () => {
    const provider: Eip1193Provider = { request: async () => Promise.reject(new Error('User rejected')) };
    await expect(tryAutoLogin(true, provider)).resolves.toBe('skipped');
    expect(notes).toEqual([]);
  });
});
