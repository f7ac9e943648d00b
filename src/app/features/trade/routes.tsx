/**
 * The trade area's routes (spec 2.1, 2.4): every trading mode's route is the one trade shell, which picks the
 * mode's panel. The options product's menu entry (/option) is a later issue's screen. Namespaces `market` and
 * `trade` (order entry and the user's orders).
 */
import { placeholder, type Load, type RouteDef } from '../routeDef';
import { TRADE_PATHS } from './paths';

const ns = ['market', 'trade'] as const;
const shell: Load = () => import('./TradeShell');

export const TRADE_ROUTES: readonly RouteDef[] = [
  { path: TRADE_PATHS.seconds, load: shell, ns },
  { path: TRADE_PATHS.futures, load: shell, ns },
  { path: TRADE_PATHS.spot, load: shell, ns },
  { path: TRADE_PATHS.options, load: shell, ns },
  { path: TRADE_PATHS.option, load: placeholder('option'), ns: [] },
];
