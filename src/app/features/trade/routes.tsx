/**
 * The trade area's routes (spec 2.1, 2.4): every trading mode's route is the one trade shell, which picks the
 * mode's panel. The options product's menu entry (/option) is the shell in Option mode too (OUI-1). Namespace
 * `market`, with `seconds` for the second-contract panel of /flash, `trade` for the spot order form and orders of
 * /trade, `futures` for the futures screen of /contract (and /trade?componentName=2, which the spot route serves),
 * and `options` for the options screen of /flashOption and /option.
 */
import type { Load, RouteDef } from '../routeDef';
import { TRADE_PATHS } from './paths';

const secondsNs = ['market', 'seconds'] as const;
const spotNs = ['market', 'trade', 'futures'] as const;
const futuresNs = ['market', 'futures'] as const;
const optionsNs = ['market', 'options'] as const;
const shell: Load = () => import('./TradeShell');
// PERF-54: every mode shows the chart, whose chunk (uPlot) the shell asks for only once it renders.
const chart = () => import('./components/chart/KlineChart');

export const TRADE_ROUTES: readonly RouteDef[] = [
  { path: TRADE_PATHS.seconds, load: shell, ns: secondsNs, warm: chart, public: true },
  { path: TRADE_PATHS.futures, load: shell, ns: futuresNs, warm: chart, public: true },
  { path: TRADE_PATHS.spot, load: shell, ns: spotNs, warm: chart, public: true },
  { path: TRADE_PATHS.options, load: shell, ns: optionsNs, warm: chart, public: true },
  { path: TRADE_PATHS.option, load: shell, ns: optionsNs, warm: chart, public: true },
];
