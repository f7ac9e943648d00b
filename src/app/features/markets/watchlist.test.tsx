import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces, setLanguage } from '../../i18n/index';
import { session } from '../../state/session';
import { globalState } from '../../state/global';
import { WatchStar, WatchStarView } from './components/WatchStar';
import {
  isWatched,
  loadWatchlist,
  resetWatchlist,
  setWatched,
  watchlist,
  type WatchEntry,
  type WatchlistApi,
} from './watchlist';

/** A server whose answers the test releases by hand, in any order. */
function manualApi() {
  const calls: { op: string; symbol?: string; resolve(v: WatchEntry[]): void; reject(e: Error): void }[] = [];
  const wait = (op: string, symbol?: string) =>
    new Promise<WatchEntry[]>((resolve, reject) => calls.push({ op, symbol, resolve, reject }));
  const api: WatchlistApi = { list: () => wait('list'), add: (s) => wait('add', s), remove: (s) => wait('remove', s) };
  return { api, calls };
}
const entries = (...symbols: string[]): WatchEntry[] =>
  symbols.map((s) => ({ symbol: s, coin: s.slice(0, 3).toUpperCase() }));
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['market']);
});
afterEach(() => {
  resetWatchlist();
  Object.assign(session, { token: '', isSign: false });
});

describe('[TRADE-15] the watchlist store', () => {
  it('[TRADE-15] loads the list of the signed-in user; the collected coins follow (spec 3.5)', async () => {
    const { api, calls } = manualApi();
    const p = loadWatchlist('u1', api);
    expect(watchlist.status).toBe('loading');
    calls[0].resolve(entries('btcusdt', 'ETHUSDT'));
    await p;
    expect(watchlist.symbols).toEqual(['btcusdt', 'ethusdt']);
    expect(globalState.hasCollectCoin).toEqual(['BTC', 'ETH']);
    expect(isWatched(watchlist, 'ETHUSDT')).toBe(true);
    expect(isWatched(watchlist, 'solusdt')).toBe(false);
  });

  it('[TRADE-15] a star shows its new state at once; the answer replaces the list; a refusal puts it back', async () => {
    const { api, calls } = manualApi();
    const first = loadWatchlist('u1', api);
    calls[0].resolve(entries('btcusdt'));
    await first;
    const add = setWatched('u1', 'solusdt', true, api);
    expect(isWatched(watchlist, 'solusdt')).toBe(true);
    calls[1].resolve(entries('btcusdt', 'solusdt'));
    await add;
    expect(watchlist.pending).toEqual({});
    expect(watchlist.symbols).toEqual(['btcusdt', 'solusdt']);
    const remove = setWatched('u1', 'btcusdt', false, api);
    expect(isWatched(watchlist, 'btcusdt')).toBe(false);
    calls[2].reject(new Error('Network anomaly'));
    await expect(remove).rejects.toThrow('Network anomaly');
    expect(isWatched(watchlist, 'btcusdt')).toBe(true);
  });

  it('[TRADE-15] an older answer never undoes a newer change; news during a fetch fetches once more', async () => {
    const { api, calls } = manualApi();
    const load = loadWatchlist('u1', api);
    const again = loadWatchlist('u1', api); // news arrived while the first fetch ran
    const add = setWatched('u1', 'solusdt', true, api);
    calls[1].resolve(entries('solusdt')); // the toggle answers first
    await add;
    calls[0].resolve([]); // the older fetch answers late: dropped
    await flush();
    expect(watchlist.symbols).toEqual(['solusdt']);
    expect(calls.map((c) => c.op)).toEqual(['list', 'add', 'list']); // one more fetch, not two
    calls[2].resolve(entries('solusdt', 'btcusdt'));
    await Promise.all([load, again]);
    expect(watchlist.symbols).toEqual(['solusdt', 'btcusdt']);
  });

  it("[TRADE-15] another user's list is never shown: a new session starts empty", async () => {
    const { api, calls } = manualApi();
    const p = loadWatchlist('u1', api);
    calls[0].resolve(entries('btcusdt'));
    await p;
    void loadWatchlist('u2', api);
    expect(watchlist.symbols).toBeNull();
    expect(isWatched(watchlist, 'btcusdt')).toBe(false);
  });
});

describe('[TRADE-15] the star', () => {
  it('[TRADE-15] is a toggle button named by the action it takes', () => {
    const off = renderToStaticMarkup(<WatchStarView on={false} label="Add BTC/USDT to favorites" />);
    expect(off).toContain('aria-pressed="false"');
    expect(off).toContain('aria-label="Add BTC/USDT to favorites"');
    expect(off).toContain('fill="none"');
    const on = renderToStaticMarkup(<WatchStarView on label="Remove BTC/USDT from favorites" />);
    expect(on).toContain('aria-pressed="true"');
    expect(on).toContain('is-on');
  });

  it('[TRADE-15] pressed for a favourite of the signed-in user, never when signed out', async () => {
    const { api, calls } = manualApi();
    Object.assign(session, { token: 'tok', isSign: true });
    const p = loadWatchlist('tok', api);
    calls[0].resolve(entries('btcusdt'));
    await p;
    const star = (symbol: string) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <WatchStar symbol={symbol} pair={symbol.toUpperCase()} />
        </MemoryRouter>,
      );
    expect(star('btcusdt')).toContain('aria-pressed="true"');
    expect(star('btcusdt')).toContain('Remove BTCUSDT from favorites');
    expect(star('ethusdt')).toContain('aria-pressed="false"');
    expect(star('ethusdt')).toContain('Add ETHUSDT to favorites');
    Object.assign(session, { token: '', isSign: false });
    expect(star('btcusdt')).toContain('aria-pressed="false"');
  });
});
