/**
 * Which coins have a logo (BRAND-3). The build ships `/coin-icons/<SYMBOL>.svg` and a manifest of the symbols it
 * has (scripts/coinIcons.ts); the manifest is fetched once, on the first coin shown, so the app never asks for a
 * logo that does not exist (no 404s, no console errors) and coins without one get the neutral mark at once.
 */
import { z } from 'zod';
import { clientEnv } from '../api/env';

export const COIN_ICONS_BASE = '/coin-icons/';
const Manifest = z.array(z.string().regex(/^[A-Z0-9]{1,16}$/)).max(20_000);

type State = { status: 'idle' | 'loading' } | { status: 'ready'; known: ReadonlySet<string> };
let state: State = { status: 'idle' };
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const l of listeners) l();
}

async function load(): Promise<void> {
  set({ status: 'loading' });
  let known: ReadonlySet<string> = new Set();
  try {
    const res = await clientEnv.fetch(`${COIN_ICONS_BASE}manifest.json`, { credentials: 'omit' });
    if (res.ok) {
      const parsed = Manifest.safeParse(await res.json());
      if (parsed.success) known = new Set(parsed.data);
    }
  } catch {
    /* no manifest: every coin gets the neutral mark */
  }
  set({ status: 'ready', known });
}

export function subscribeCoinIcons(listener: () => void): () => void {
  listeners.add(listener);
  if (state.status === 'idle') void load();
  return () => listeners.delete(listener);
}

/** PERF-54: start-up asks for the manifest beside the settings, before the first coin is drawn. */
export function warmCoinIcons(): void {
  if (state.status === 'idle') void load();
}

/** The version of the manifest state (for useSyncExternalStore). */
export function coinIconsSnapshot(): State {
  return state;
}

/** The ticker a coin's logo is filed under: upper case, letters and digits only. */
export function iconKey(coin: string): string {
  return coin.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The logo's URL; `null` while the manifest loads; `undefined` when the coin has none (show the neutral mark). */
export function coinIconUrl(s: State, coin: string): string | null | undefined {
  if (s.status !== 'ready') return null;
  const key = iconKey(coin);
  return s.known.has(key) ? `${COIN_ICONS_BASE}${key}.svg` : undefined;
}

/** A stable, muted hue for a coin's neutral mark, so coins without a logo stay told apart. */
export function fallbackHue(coin: string): number {
  let h = 0;
  for (const ch of iconKey(coin)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** Test seam: forget the manifest. */
export function resetCoinIcons(): void {
  state = { status: 'idle' };
}
