/**
 * The navigation configuration of spec 2.2 and 2.4: the bottom tab bar, the desktop/mobile bottom menu
 * (six entries, proxy hidden by default), the middle menu (five shortcuts) and the sidebars.
 * Labels are i18n keys of the `common` namespace; icons are names from icons.tsx.
 */

import { MARKETS_PATHS } from '../features/markets/paths';
import { FUTURES_SHORTCUT, TRADE_PATHS } from '../features/trade/paths';
import { CONTENT_PATHS } from '../features/content/paths';
import { SETTINGS_PATHS } from '../features/settings/paths';
import { ACCOUNT_PATHS } from '../features/account/paths';
import { WALLET_PATHS } from '../features/wallet/paths';
import { FINANCE_PATHS } from '../features/finance/paths';
import { GROWTH_PATHS } from '../features/growth/paths';
import { PROXY_PATHS } from '../features/proxy/paths';
import { COPY_PATHS } from '../features/copy/paths';

export type IconName =
  | 'home'
  | 'markets'
  | 'trade'
  | 'finance'
  | 'my'
  | 'option'
  | 'follow'
  | 'proxy'
  | 'assets'
  | 'recharge'
  | 'futures'
  | 'welfare'
  | 'promotion'
  | 'user'
  | 'verify'
  | 'verifyPlus'
  | 'language'
  | 'download'
  | 'service'
  | 'help';

export interface NavEntry {
  key: string;
  /** i18n key in `common`. */
  label: string;
  path: string;
  icon: IconName;
}

/** A sidebar entry as 2.4 describes it: key, name, jump URL, jump type 'path', sort, open flag, logo. */
export interface SidebarEntry {
  key: string;
  name: string;
  jumpUrl: string;
  jumpType: 'path';
  sort: number;
  isOpen: boolean;
  logo: IconName;
}

/** Spec 2.2: five tabs; trade (/flash) carries the raised centre icon. */
export const TAB_BAR: readonly NavEntry[] = [
  { key: 'home', label: 'nav.home', path: MARKETS_PATHS.home, icon: 'home' },
  { key: 'store', label: 'nav.markets', path: MARKETS_PATHS.markets, icon: 'markets' },
  { key: 'trade', label: 'nav.trade', path: TRADE_PATHS.seconds, icon: 'trade' },
  { key: 'finance', label: 'nav.finance', path: FINANCE_PATHS.finance, icon: 'finance' },
  { key: 'my', label: 'nav.my', path: WALLET_PATHS.wallet, icon: 'my' },
];
export const TAB_BAR_CENTER_KEY = 'trade';

/** Spec 2.2 and NAV-2: the only paths that show the tab bar (finance, a bottom-tab screen, among them). */
export const TAB_BAR_PATHS: readonly string[] = [
  MARKETS_PATHS.home,
  MARKETS_PATHS.markets,
  TRADE_PATHS.seconds,
  TRADE_PATHS.futures,
  WALLET_PATHS.wallet,
  TRADE_PATHS.spot,
  TRADE_PATHS.options,
  FINANCE_PATHS.finance,
];

export function showsTabBar(pathname: string): boolean {
  return TAB_BAR_PATHS.includes(normalise(pathname));
}

/** Which tab is highlighted on a path: the trade tab stands for every trade screen. */
export function activeTabKey(pathname: string): string | undefined {
  const p = normalise(pathname);
  const trade: readonly string[] = [TRADE_PATHS.seconds, TRADE_PATHS.futures, TRADE_PATHS.spot, TRADE_PATHS.options];
  if (trade.includes(p)) return 'trade';
  return TAB_BAR.find((t) => t.path === p)?.key;
}

export function normalise(pathname: string): string {
  const p = pathname.split(/[?#]/)[0] || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Spec 2.4 bottom menu: six entries; proxy is hidden by default. */
export const BOTTOM_MENU: ReadonlyArray<NavEntry & { isOpen: boolean }> = [
  { key: 'home', label: 'nav.home', path: MARKETS_PATHS.home, icon: 'home', isOpen: true },
  { key: 'trade', label: 'nav.trade', path: TRADE_PATHS.spot, icon: 'trade', isOpen: true },
  { key: 'option', label: 'nav.option', path: TRADE_PATHS.option, icon: 'option', isOpen: true },
  { key: 'follow', label: 'nav.follow', path: COPY_PATHS.follow, icon: 'follow', isOpen: true },
  { key: 'proxy', label: 'nav.proxy', path: PROXY_PATHS.proxy, icon: 'proxy', isOpen: false },
  { key: 'assets', label: 'nav.assets', path: WALLET_PATHS.assets, icon: 'assets', isOpen: true },
];

/** Spec 2.4 middle menu: five shortcuts (futures is the trade screen's componentName=2). */
export const MIDDLE_MENU: readonly NavEntry[] = [
  { key: 'trade', label: 'nav.trade', path: TRADE_PATHS.spot, icon: 'trade' },
  { key: 'recharge', label: 'nav.recharge', path: WALLET_PATHS.recharge, icon: 'recharge' },
  { key: 'proxy', label: 'nav.proxy', path: PROXY_PATHS.proxy, icon: 'proxy' },
  { key: 'futures', label: 'nav.futures', path: FUTURES_SHORTCUT, icon: 'futures' },
  { key: 'option', label: 'nav.option', path: TRADE_PATHS.option, icon: 'option' },
];

const side = (
  key: string,
  name: string,
  jumpUrl: string,
  sort: number,
  logo: IconName,
  isOpen = true,
): SidebarEntry => ({
  key,
  name,
  jumpUrl,
  jumpType: 'path',
  sort,
  isOpen,
  logo,
});

/** The app (phone) sidebar: the mobile promotion centre is /invite. */
export const APP_SIDEBAR: readonly SidebarEntry[] = [
  side('assets', 'nav.assets', WALLET_PATHS.assets, 1, 'assets'),
  side('recharge', 'nav.recharge', WALLET_PATHS.recharge, 2, 'recharge'),
  side('primary', 'nav.primary', ACCOUNT_PATHS.primary, 3, 'verify'),
  side('advanced', 'nav.advanced', ACCOUNT_PATHS.advanced, 4, 'verifyPlus'),
  side('follow', 'nav.follow', COPY_PATHS.follow, 5, 'follow'),
  side('proxy', 'nav.proxy', PROXY_PATHS.proxy, 6, 'proxy', false),
  side('welfare', 'nav.welfare', GROWTH_PATHS.welfare, 7, 'welfare'),
  side('invite', 'nav.promotion', GROWTH_PATHS.invite, 8, 'promotion'),
  side('language', 'nav.language', SETTINGS_PATHS.langList, 9, 'language'),
  side('download', 'nav.download', CONTENT_PATHS.download, 10, 'download'),
  side('help', 'nav.help', CONTENT_PATHS.help, 11, 'help'),
];

/** The desktop sidebar: the desktop promotion centre is /extend. */
export const DESKTOP_SIDEBAR: readonly SidebarEntry[] = [
  side('assets', 'nav.assets', WALLET_PATHS.assets, 1, 'assets'),
  side('recharge', 'nav.recharge', WALLET_PATHS.recharge, 2, 'recharge'),
  side('primary', 'nav.primary', ACCOUNT_PATHS.primary, 3, 'verify'),
  side('advanced', 'nav.advanced', ACCOUNT_PATHS.advanced, 4, 'verifyPlus'),
  side('follow', 'nav.follow', COPY_PATHS.follow, 5, 'follow'),
  side('proxy', 'nav.proxy', PROXY_PATHS.proxy, 6, 'proxy', false),
  side('welfare', 'nav.welfare', GROWTH_PATHS.welfare, 7, 'welfare'),
  side('extend', 'nav.promotion', GROWTH_PATHS.extend, 8, 'promotion'),
];

export function visibleSidebar(entries: readonly SidebarEntry[]): SidebarEntry[] {
  return entries.filter((e) => e.isOpen).sort((a, b) => a.sort - b.sort);
}

/** Desktop: market and trade screens use the full width; the rest show the sidebar. */
const FULL_WIDTH: readonly string[] = [
  MARKETS_PATHS.home,
  MARKETS_PATHS.markets,
  MARKETS_PATHS.search,
  TRADE_PATHS.spot,
  TRADE_PATHS.seconds,
  TRADE_PATHS.futures,
  TRADE_PATHS.options,
  TRADE_PATHS.option,
  ACCOUNT_PATHS.lr,
  ACCOUNT_PATHS.login,
  ACCOUNT_PATHS.register,
  ACCOUNT_PATHS.forget,
];
export function showsDesktopSidebar(pathname: string): boolean {
  return !FULL_WIDTH.includes(normalise(pathname));
}
