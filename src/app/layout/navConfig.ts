/**
 * The navigation configuration of spec 2.2 and 2.4: the bottom tab bar, the desktop/mobile bottom menu
 * (six entries, proxy hidden by default), the middle menu (five shortcuts) and the sidebars.
 * Labels are i18n keys of the `common` namespace; icons are names from icons.tsx.
 */

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
  { key: 'home', label: 'nav.home', path: '/', icon: 'home' },
  { key: 'store', label: 'nav.markets', path: '/store', icon: 'markets' },
  { key: 'trade', label: 'nav.trade', path: '/flash', icon: 'trade' },
  { key: 'finance', label: 'nav.finance', path: '/finance', icon: 'finance' },
  { key: 'my', label: 'nav.my', path: '/wallet', icon: 'my' },
];
export const TAB_BAR_CENTER_KEY = 'trade';

/** Spec 2.2: the only paths that show the tab bar. */
export const TAB_BAR_PATHS: readonly string[] = ['/', '/store', '/flash', '/contract', '/wallet', '/trade', '/flashOption'];

export function showsTabBar(pathname: string): boolean {
  return TAB_BAR_PATHS.includes(normalise(pathname));
}

/** Which tab is highlighted on a path: the trade tab stands for every trade screen. */
export function activeTabKey(pathname: string): string | undefined {
  const p = normalise(pathname);
  if (['/flash', '/contract', '/trade', '/flashOption'].includes(p)) return 'trade';
  return TAB_BAR.find((t) => t.path === p)?.key;
}

export function normalise(pathname: string): string {
  const p = pathname.split(/[?#]/)[0] || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Spec 2.4 bottom menu: six entries; proxy is hidden by default. */
export const BOTTOM_MENU: ReadonlyArray<NavEntry & { isOpen: boolean }> = [
  { key: 'home', label: 'nav.home', path: '/', icon: 'home', isOpen: true },
  { key: 'trade', label: 'nav.trade', path: '/trade', icon: 'trade', isOpen: true },
  { key: 'option', label: 'nav.option', path: '/option', icon: 'option', isOpen: true },
  { key: 'follow', label: 'nav.follow', path: '/follow', icon: 'follow', isOpen: true },
  { key: 'proxy', label: 'nav.proxy', path: '/proxy', icon: 'proxy', isOpen: false },
  { key: 'assets', label: 'nav.assets', path: '/assets', icon: 'assets', isOpen: true },
];

/** Spec 2.4 middle menu: five shortcuts (futures is the trade screen's componentName=2). */
export const MIDDLE_MENU: readonly NavEntry[] = [
  { key: 'trade', label: 'nav.trade', path: '/trade', icon: 'trade' },
  { key: 'recharge', label: 'nav.recharge', path: '/recharge', icon: 'recharge' },
  { key: 'proxy', label: 'nav.proxy', path: '/proxy', icon: 'proxy' },
  { key: 'futures', label: 'nav.futures', path: '/trade?componentName=2', icon: 'futures' },
  { key: 'option', label: 'nav.option', path: '/option', icon: 'option' },
];

const side = (key: string, name: string, jumpUrl: string, sort: number, logo: IconName, isOpen = true): SidebarEntry => ({
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
  side('assets', 'nav.assets', '/assets', 1, 'assets'),
  side('recharge', 'nav.recharge', '/recharge', 2, 'recharge'),
  side('primary', 'nav.primary', '/primary', 3, 'verify'),
  side('advanced', 'nav.advanced', '/advanced', 4, 'verifyPlus'),
  side('follow', 'nav.follow', '/follow', 5, 'follow'),
  side('proxy', 'nav.proxy', '/proxy', 6, 'proxy', false),
  side('welfare', 'nav.welfare', '/welfare', 7, 'welfare'),
  side('invite', 'nav.promotion', '/invite', 8, 'promotion'),
  side('language', 'nav.language', '/langList', 9, 'language'),
  side('download', 'nav.download', '/download', 10, 'download'),
  side('help', 'nav.help', '/help', 11, 'help'),
];

/** The desktop sidebar: the desktop promotion centre is /extend. */
export const DESKTOP_SIDEBAR: readonly SidebarEntry[] = [
  side('assets', 'nav.assets', '/assets', 1, 'assets'),
  side('recharge', 'nav.recharge', '/recharge', 2, 'recharge'),
  side('primary', 'nav.primary', '/primary', 3, 'verify'),
  side('advanced', 'nav.advanced', '/advanced', 4, 'verifyPlus'),
  side('follow', 'nav.follow', '/follow', 5, 'follow'),
  side('proxy', 'nav.proxy', '/proxy', 6, 'proxy', false),
  side('welfare', 'nav.welfare', '/welfare', 7, 'welfare'),
  side('extend', 'nav.promotion', '/extend', 8, 'promotion'),
];

export function visibleSidebar(entries: readonly SidebarEntry[]): SidebarEntry[] {
  return entries.filter((e) => e.isOpen).sort((a, b) => a.sort - b.sort);
}

/** Desktop: market and trade screens use the full width; the rest show the sidebar. */
const FULL_WIDTH = ['/', '/store', '/search', '/trade', '/flash', '/contract', '/flashOption', '/lr', '/login', '/register', '/forget'];
export function showsDesktopSidebar(pathname: string): boolean {
  return !FULL_WIDTH.includes(normalise(pathname));
}
