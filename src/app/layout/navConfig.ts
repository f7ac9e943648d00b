/**
 * The navigation configuration of spec 2.2 and 2.4: the bottom tab bar, the desktop/mobile bottom menu
 * (six entries, proxy hidden by default), the middle menu (five shortcuts) and the sidebars.
 * Labels are i18n keys of the `common` namespace; icons are names from icons.tsx.
 */

import { APP_PATHS, FUTURES_SHORTCUT } from '../ui/appPaths';

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
  { key: 'home', label: 'nav.home', path: APP_PATHS.markets.home, icon: 'home' },
  { key: 'store', label: 'nav.markets', path: APP_PATHS.markets.markets, icon: 'markets' },
  { key: 'trade', label: 'nav.trade', path: APP_PATHS.trade.seconds, icon: 'trade' },
  { key: 'finance', label: 'nav.finance', path: APP_PATHS.finance.finance, icon: 'finance' },
  { key: 'my', label: 'nav.my', path: APP_PATHS.wallet.wallet, icon: 'my' },
];
export const TAB_BAR_CENTER_KEY = 'trade';

/** Spec 2.2 and NAV-2: the only paths that show the tab bar (finance, a bottom-tab screen, among them). */
export const TAB_BAR_PATHS: readonly string[] = [
  APP_PATHS.markets.home,
  APP_PATHS.markets.markets,
  APP_PATHS.trade.seconds,
  APP_PATHS.trade.futures,
  APP_PATHS.wallet.wallet,
  APP_PATHS.trade.spot,
  APP_PATHS.trade.options,
  APP_PATHS.finance.finance,
];

export function showsTabBar(pathname: string): boolean {
  return TAB_BAR_PATHS.includes(normalise(pathname));
}

/** Which tab is highlighted on a path: the trade tab stands for every trade screen. */
export function activeTabKey(pathname: string): string | undefined {
  const p = normalise(pathname);
  const trade: readonly string[] = [
    APP_PATHS.trade.seconds,
    APP_PATHS.trade.futures,
    APP_PATHS.trade.spot,
    APP_PATHS.trade.options,
  ];
  if (trade.includes(p)) return 'trade';
  return TAB_BAR.find((t) => t.path === p)?.key;
}

export function normalise(pathname: string): string {
  const p = pathname.split(/[?#]/)[0] || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Spec 2.4 bottom menu: six entries; proxy is hidden by default. */
export const BOTTOM_MENU: ReadonlyArray<NavEntry & { isOpen: boolean }> = [
  { key: 'home', label: 'nav.home', path: APP_PATHS.markets.home, icon: 'home', isOpen: true },
  { key: 'trade', label: 'nav.trade', path: APP_PATHS.trade.spot, icon: 'trade', isOpen: true },
  { key: 'option', label: 'nav.option', path: APP_PATHS.trade.option, icon: 'option', isOpen: true },
  { key: 'follow', label: 'nav.follow', path: APP_PATHS.copy.follow, icon: 'follow', isOpen: true },
  { key: 'proxy', label: 'nav.proxy', path: APP_PATHS.proxy.proxy, icon: 'proxy', isOpen: false },
  { key: 'assets', label: 'nav.assets', path: APP_PATHS.wallet.assets, icon: 'assets', isOpen: true },
];

/** Spec 2.4 middle menu: five shortcuts (futures is the trade screen's componentName=2). */
export const MIDDLE_MENU: readonly NavEntry[] = [
  { key: 'trade', label: 'nav.trade', path: APP_PATHS.trade.spot, icon: 'trade' },
  { key: 'recharge', label: 'nav.recharge', path: APP_PATHS.wallet.recharge, icon: 'recharge' },
  { key: 'proxy', label: 'nav.proxy', path: APP_PATHS.proxy.proxy, icon: 'proxy' },
  { key: 'futures', label: 'nav.futures', path: FUTURES_SHORTCUT, icon: 'futures' },
  { key: 'option', label: 'nav.option', path: APP_PATHS.trade.option, icon: 'option' },
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

/** The entries both sidebars open with (the promotion centre and what follows it differ). */
const SIDEBAR_HEAD: readonly SidebarEntry[] = [
  side('assets', 'nav.assets', APP_PATHS.wallet.assets, 1, 'assets'),
  side('recharge', 'nav.recharge', APP_PATHS.wallet.recharge, 2, 'recharge'),
  side('primary', 'nav.primary', APP_PATHS.account.primary, 3, 'verify'),
  side('advanced', 'nav.advanced', APP_PATHS.account.advanced, 4, 'verifyPlus'),
  side('follow', 'nav.follow', APP_PATHS.copy.follow, 5, 'follow'),
  side('proxy', 'nav.proxy', APP_PATHS.proxy.proxy, 6, 'proxy', false),
  side('welfare', 'nav.welfare', APP_PATHS.growth.welfare, 7, 'welfare'),
];

/** The app (phone) sidebar: the mobile promotion centre is /invite. */
export const APP_SIDEBAR: readonly SidebarEntry[] = [
  ...SIDEBAR_HEAD,
  side('invite', 'nav.promotion', APP_PATHS.growth.invite, 8, 'promotion'),
  side('language', 'nav.language', APP_PATHS.settings.langList, 9, 'language'),
  side('download', 'nav.download', APP_PATHS.content.download, 10, 'download'),
  side('help', 'nav.help', APP_PATHS.content.help, 11, 'help'),
];

/** The desktop sidebar: the desktop promotion centre is /extend. */
export const DESKTOP_SIDEBAR: readonly SidebarEntry[] = [
  ...SIDEBAR_HEAD,
  side('extend', 'nav.promotion', APP_PATHS.growth.extend, 8, 'promotion'),
];

export function visibleSidebar(entries: readonly SidebarEntry[]): SidebarEntry[] {
  return entries.filter((e) => e.isOpen).sort((a, b) => a.sort - b.sort);
}

/** The market and trade screens: the ones that show live market data. */
export const MARKET_SCREENS: readonly string[] = [
  APP_PATHS.markets.home,
  APP_PATHS.markets.markets,
  APP_PATHS.markets.search,
  APP_PATHS.trade.spot,
  APP_PATHS.trade.seconds,
  APP_PATHS.trade.futures,
  APP_PATHS.trade.options,
  APP_PATHS.trade.option,
];

/** Desktop: market and trade screens use the full width; the rest show the sidebar. */
const FULL_WIDTH: readonly string[] = [
  ...MARKET_SCREENS,
  APP_PATHS.account.lr,
  APP_PATHS.account.login,
  APP_PATHS.account.register,
  APP_PATHS.account.forget,
];
export function showsDesktopSidebar(pathname: string): boolean {
  return !FULL_WIDTH.includes(normalise(pathname));
}
