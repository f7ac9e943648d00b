/**
 * The one route table: every route of spec 2.1 and 2.4, each screen loaded lazily (its own chunk).
 * Every route runs the navigation guard of 4.2 before it renders (a loader), so signed-out visits to
 * guarded paths land on /lr. Screens of later issues render PlaceholderScreen with their real title.
 */
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { guard } from './session/guard';

type ScreenModule = { default: ComponentType };
type Load = () => Promise<ScreenModule>;

export interface RouteDef {
  path: string;
  load: Load;
}

/** A later issue's screen: top bar + title + "coming soon". Tab-bar screens have no back button. */
function placeholder(titleKey: string, back = true, menu = false): Load {
  return () =>
    import('./screens/placeholder/PlaceholderScreen').then((m) => {
      const P = m.default;
      return { default: () => <P titleKey={titleKey} back={back} menu={menu} /> };
    });
}

const trade: Load = () => import('./screens/market/TradeScreen');

export const ROUTES: readonly RouteDef[] = [
  // 2.1 — market and content screens
  { path: '/', load: () => import('./screens/market/HomeScreen') },
  { path: '/store', load: () => import('./screens/market/MarketsScreen') },
  { path: '/search', load: () => import('./screens/market/SearchScreen') },
  { path: '/flash', load: trade },
  { path: '/contract', load: trade },
  { path: '/trade', load: trade },
  { path: '/flashOption', load: trade },
  { path: '/termService', load: () => import('./screens/market/TermsScreen') },
  { path: '/help', load: () => import('./screens/market/HelpScreen') },
  { path: '/helpDetail/:id', load: () => import('./screens/market/HelpDetailScreen') },
  { path: '/about', load: () => import('./screens/market/AboutScreen') },
  { path: '/download', load: () => import('./screens/market/DownloadScreen') },
  { path: '/langList', load: () => import('./screens/LangListScreen') },
  // 2.1 — account screens
  { path: '/lr', load: () => import('./screens/account/LrScreen') },
  { path: '/login', load: () => import('./screens/account/LoginScreen') },
  { path: '/register', load: () => import('./screens/account/RegisterScreen') },
  { path: '/forget', load: () => import('./screens/account/ForgetScreen') },
  { path: '/setpwd', load: () => import('./screens/account/SetPwdScreen') },
  { path: '/fund-password', load: () => import('./screens/account/FundPasswordScreen') },
  { path: '/changePassword', load: () => import('./screens/account/ChangePasswordScreen') },
  { path: '/emailAuthentication', load: () => import('./screens/account/EmailAuthScreen') },
  { path: '/phoneAuth', load: () => import('./screens/account/PhoneAuthScreen') },
  { path: '/userauth', load: () => import('./screens/account/UserAuthScreen') },
  // 2.4 — identity verification
  { path: '/primary', load: () => import('./screens/account/PrimaryScreen') },
  { path: '/advanced', load: () => import('./screens/account/AdvancedScreen') },
  // 2.1 — wallet, finance and the rest (later issues)
  { path: '/recharge', load: placeholder('recharge') },
  { path: '/withdraw', load: placeholder('withdraw') },
  { path: '/withdrawDeposit', load: placeholder('withdrawDeposit') },
  { path: '/flashExchange', load: placeholder('flashExchange') },
  { path: '/exchange', load: placeholder('exchange') },
  { path: '/invaite', load: placeholder('invite') }, // declared twice in the source; once here
  { path: '/finance', load: placeholder('finance', false) }, // declared twice in the source; once here
  { path: '/finance/subscribe/:id', load: placeholder('subscribe') },
  { path: '/wallet', load: placeholder('wallet', false, true) },
  { path: '/cashflow', load: placeholder('cashflow') },
  { path: '/proxy', load: placeholder('proxy') },
  { path: '/proxy/records', load: placeholder('proxyRecords') },
  { path: '/proxy/earnings', load: placeholder('proxyEarnings') },
  { path: '/floworder', load: placeholder('floworder') },
  { path: '/floworder/confirm/:id', load: placeholder('floworderConfirm') },
  { path: '/floworder/mine', load: placeholder('floworderMine') },
  { path: '/floworder/apply', load: placeholder('floworderApply') },
  { path: '/message', load: placeholder('message') },
  { path: '/message/detail', load: placeholder('messageDetail') },
  // 2.4 — default navigation configuration
  { path: '/option', load: placeholder('option') },
  { path: '/assets', load: placeholder('assets') },
  { path: '/welfare', load: placeholder('welfare') },
  { path: '/invite', load: placeholder('invite') },
  { path: '/extend', load: placeholder('extend') },
  { path: '/follow', load: placeholder('follow') },
  // anything else
  { path: '*', load: () => import('./screens/placeholder/NotFoundScreen') },
];

/** Spec 4.2 on every navigation: redirect when the guard says so. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target = await guard(url.pathname + url.search);
  if (target !== null && target !== url.pathname) throw redirect(target);
  return null;
}

export function toRouteObjects(defs: readonly RouteDef[] = ROUTES): RouteObject[] {
  return defs.map((d) => ({
    path: d.path,
    loader: guardLoader,
    lazy: async () => ({ Component: (await d.load()).default }),
  }));
}
