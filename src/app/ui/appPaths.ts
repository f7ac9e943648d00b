/**
 * The addresses of the app's screens (spec 2.1, 2.4; ROOM-3): every route path the app links to, by area, in one
 * table below every feature. Each feature's `paths.ts` takes its own area's table from here under its own name
 * (`ACCOUNT_PATHS = APP_PATHS.account`) for its routes and links; a feature that links to another area's screen
 * takes the address here, never from the other feature. `routes.test.ts` holds the table against the composed route
 * table: every path here is a route, and every route's path is here.
 */
export const APP_PATHS = {
  markets: { home: '/', markets: '/store', search: '/search' },
  trade: {
    seconds: '/flash',
    spot: '/trade',
    futures: '/contract',
    options: '/flashOption',
    /** The options product's menu entry (OUI-1): the options screen too. */
    option: '/option',
  },
  content: {
    terms: '/termService',
    help: '/help',
    helpDetail: '/helpDetail/:id',
    about: '/about',
    download: '/download',
  },
  settings: { langList: '/langList' },
  account: {
    lr: '/lr',
    login: '/login',
    register: '/register',
    forget: '/forget',
    setpwd: '/setpwd',
    fundPassword: '/fund-password',
    changePassword: '/changePassword',
    emailAuth: '/emailAuthentication',
    phoneAuth: '/phoneAuth',
    userAuth: '/userauth',
    primary: '/primary',
    advanced: '/advanced',
  },
  wallet: {
    wallet: '/wallet',
    assets: '/assets',
    recharge: '/recharge',
    withdraw: '/withdraw',
    withdrawDeposit: '/withdrawDeposit',
    flashExchange: '/flashExchange',
    exchange: '/exchange',
    cashflow: '/cashflow',
  },
  finance: { finance: '/finance', subscribe: '/finance/subscribe/:id' },
  growth: {
    /** Spelled so in the source (declared twice there; once here). */
    invaite: '/invaite',
    /** The mobile promotion centre. */
    invite: '/invite',
    /** The desktop promotion centre. */
    extend: '/extend',
    welfare: '/welfare',
  },
  copy: { follow: '/follow' },
  messages: { message: '/message', messageDetail: '/message/detail' },
  records: { records: '/records' },
  proxy: { proxy: '/proxy', proxyRecords: '/proxy/records', proxyEarnings: '/proxy/earnings' },
  flow: {
    floworder: '/floworder',
    floworderConfirm: '/floworder/confirm/:id',
    floworderMine: '/floworder/mine',
    floworderApply: '/floworder/apply',
  },
  /** The development tools (DEV-1): they exist only when the server is not in production mode. */
  dev: { outbox: '/dev/outbox' },
} as const;

type Areas = typeof APP_PATHS;
/** One screen's address (a route path; a `:name` segment stands for a parameter to fill). */
export type AppPath = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];

/**
 * Links into another area's screen that several features, or the shell, build: the inbox's notices tab
 * (`/message?tab=notices`, NOTE-4: notices have no route of their own) and the 2.4 middle menu's futures shortcut
 * (the spot route with componentName=2).
 */
export const NOTICES_HREF = `${APP_PATHS.messages.message}?tab=notices`;
export const FUTURES_SHORTCUT = `${APP_PATHS.trade.spot}?componentName=2`;

/**
 * The paths the shell itself knows (spec 4.2): home, where a back with no history and a finished sign-in go; the
 * sign-in entry, where a signed-out visitor of a guarded path is sent; and the entry screens a signed-in visitor is
 * sent away from (GUARD-5). With them, PUB-2's return to the page a visitor signed in from.
 */
export const HOME_PATH = APP_PATHS.markets.home;
export const SIGN_IN_PATH = APP_PATHS.account.lr;
export const LOGIN_PATH = APP_PATHS.account.login;
export const REGISTER_PATH = APP_PATHS.account.register;

/** The entry screens a signed-in visitor is sent away from (GUARD-5). */
const ENTRY_PATHS: readonly string[] = [SIGN_IN_PATH, LOGIN_PATH, REGISTER_PATH];

/** PUB-2: the query parameter of the entry screens that names where to go after signing in or registering. */
export const RETURN_PARAM = 'redirect';

/** The path of a path with a query or hash. */
export function pathOnly(pathWithSearch: string): string {
  return pathWithSearch.split(/[?#]/)[0] || '/';
}

export function isEntryPath(pathWithSearch: string): boolean {
  return ENTRY_PATHS.includes(pathOnly(pathWithSearch));
}

/** A stand-in origin to resolve a candidate path against: anything that leaves it is not a path of this app. */
const HERE = 'https://app.invalid';

/**
 * PUB-2: `raw` as a path of this app to return to, or null. Only a same-app path is accepted: it starts with one
 * `/` (never `//`, a backslash or a scheme, which a browser would take to another site), holds no control
 * characters, resolves to this origin, and is not an entry screen itself (which would only send the user on).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith('/') || path.startsWith('//') || isEntryPath(path)) return null;
  return path;
}

/** PUB-2: `entry` (an entry screen) carrying where to return to, when that is a safe path; else `entry` alone. */
export function withReturn(entry: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe || safe === HOME_PATH) return entry;
  return `${entry}?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}`;
}

/** PUB-2: where an entry screen sends the user once signed in: its safe `redirect`, else home. */
export function returnTarget(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(RETURN_PARAM)) ?? HOME_PATH;
}
