/**
 * One panel per trading mode (spec 2.4 PLAYING_SETTING): the trade shell renders the panel of the route's mode
 * where order entry goes. The watchlist (Optional) is its own panel (watchlist/WatchlistPanel), shown instead of
 * the chart.
 */
import type { ComponentType } from 'react';
import type { TradeMode } from '../../../market/playing';
import { SecondsPanel } from './seconds/SecondsPanel';
import { SpotPanel } from './spot/SpotPanel';
import { FuturesPanel } from './futures/FuturesPanel';
import { OptionsPanel } from './options/OptionsPanel';

export const MODE_PANELS: Record<Exclude<TradeMode, 'Optional'>, ComponentType> = {
  SecondContract: SecondsPanel,
  BBTrading: SpotPanel,
  Ustandard: FuturesPanel,
  Option: OptionsPanel,
};
