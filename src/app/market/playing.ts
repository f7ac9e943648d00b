/**
 * Trade modes (spec 2.4): the trade screen's header tabs come from PLAYING_SETTING (name, isOpen, sort),
 * with the watchlist ("Optional") always first. Each mode has its coin list (3.4) and its route (2.1):
 *
 *   Optional       → watchlist            (stays on the current route, ?tab=optional)
 *   SecondContract → coinList     → /flash
 *   BBTrading      → currencyList → /trade
 *   Ustandard      → contractList → /contract   (/trade?componentName=2 too, the 2.4 middle-menu link)
 *   Option         → optionList   → /flashOption
 *
 * Pure functions; unit-tested.
 */
import { readFlag } from '../../shared/flags';
import { APP_PATHS } from '../ui/appPaths';
import type { CoinListKey } from './coins';

export type TradeMode = 'Optional' | 'SecondContract' | 'BBTrading' | 'Ustandard' | 'Option';

export const MODE_LIST: Record<Exclude<TradeMode, 'Optional'>, CoinListKey> = {
  SecondContract: 'coinList',
  BBTrading: 'currencyList',
  Ustandard: 'contractList',
  Option: 'optionList',
};

/** The trade screen's route of each mode (spec 2.1), from the app's table of screens (ROOM-3). */
export const MODE_PATH = {
  SecondContract: APP_PATHS.trade.seconds,
  BBTrading: APP_PATHS.trade.spot,
  Ustandard: APP_PATHS.trade.futures,
  Option: APP_PATHS.trade.options,
} as const satisfies Record<Exclude<TradeMode, 'Optional'>, string>;

/** The options product's menu entry (OUI-1): the options screen too. */
const OPTION_MENU_PATH = APP_PATHS.trade.option;

/** A trade route with its pair (`?symbol=`). */
export function withSymbol(path: string, symbol: string): string {
  return `${path}?symbol=${encodeURIComponent(symbol)}`;
}

/** i18n key (market namespace) of each mode's label. */
export const MODE_LABEL: Record<TradeMode, string> = {
  Optional: 'watchlist',
  SecondContract: 'listSecond',
  BBTrading: 'listSpot',
  Ustandard: 'listFutures',
  Option: 'listOptions',
};

const DEFAULT_ORDER: Exclude<TradeMode, 'Optional'>[] = ['SecondContract', 'BBTrading', 'Ustandard', 'Option'];

interface PlayingEntryLike {
  name?: unknown;
  isOpen?: unknown;
  sort?: unknown;
}

const isOpen = (v: unknown) => readFlag(v, true);

function toMode(name: unknown): Exclude<TradeMode, 'Optional'> | undefined {
  const n = String(name ?? '').toLowerCase();
  if (n === 'secondcontract' || n === 'second') return 'SecondContract';
  if (n === 'bbtrading' || n === 'spot') return 'BBTrading';
  if (n === 'ustandard' || n === 'contract' || n === 'futures') return 'Ustandard';
  if (n.includes('option')) return 'Option';
  return undefined;
}

/**
 * The header tabs: Optional first, then the open PLAYING_SETTING entries by sort. Without any usable
 * entry (settings not loaded), the four modes in their default order.
 */
export function tradeModes(playing: readonly PlayingEntryLike[] | undefined): TradeMode[] {
  const entries = (playing ?? [])
    .map((p, i) => ({ mode: toMode(p.name), open: isOpen(p.isOpen), sort: Number(p.sort), i }))
    .filter((e) => e.mode !== undefined);
  if (entries.length === 0) return ['Optional', ...DEFAULT_ORDER];
  const seen = new Set<TradeMode>();
  const modes = entries
    .filter((e) => e.open)
    .sort((a, b) => (Number.isFinite(a.sort) ? a.sort : 1e9) - (Number.isFinite(b.sort) ? b.sort : 1e9) || a.i - b.i)
    .map((e) => e.mode!)
    .filter((m) => !seen.has(m) && (seen.add(m), true));
  return ['Optional', ...modes];
}

/** The mode a route stands for (see the table above). */
export function modeForPath(pathname: string, search: URLSearchParams): Exclude<TradeMode, 'Optional'> {
  // The options menu entry (/option) is the options screen too (OUI-1).
  if (pathname.startsWith(MODE_PATH.Option) || pathname === OPTION_MENU_PATH) return 'Option';
  if (pathname.startsWith(MODE_PATH.SecondContract)) return 'SecondContract';
  if (pathname.startsWith(MODE_PATH.Ustandard)) return 'Ustandard';
  if (search.get('componentName') === '2') return 'Ustandard';
  return 'BBTrading';
}

/** Where a market row of a list opens its trade screen. */
export function tradeHref(list: CoinListKey, symbol: string): string {
  const mode =
    (Object.keys(MODE_LIST) as Exclude<TradeMode, 'Optional'>[]).find((m) => MODE_LIST[m] === list) ?? 'BBTrading';
  return withSymbol(MODE_PATH[mode], symbol);
}
