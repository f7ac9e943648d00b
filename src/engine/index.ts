/**
 * The engine's only public entry. Types of the facade live in ./types and ./views.
 */
export { createMarketEngine } from './engine';
export { decimalsOf, formatChangePct, formatPrice, formatShort, formatSignedPrice } from './format';
export {
  CONNECTION_KEY,
  RECONNECT_DELAY_MS,
  RECONNECT_JITTER_MS,
  RELEASE_GRACE_MS,
  SILENCE_TIMEOUT_MS,
} from './constants';
export { bookRows, defaultGroup, groupOptions } from './depthGroups';
export { DEPTH_ROWS_MAX } from './constants';
export { IDLE_DIAGNOSTICS, topicKey } from './types';
export type {
  Clock,
  DepthGroup,
  DepthTopic,
  Diagnostics,
  EngineDeps,
  EngineDiagnostics,
  KlinePatch,
  MarketEngine,
  SocketLike,
  TimerHandle,
  Timers,
  Topic,
} from './types';
export type {
  AccountView,
  ConnectionHealth,
  DepthView,
  KlineView,
  LivePosition,
  MarkView,
  PositionsView,
  TickerView,
  TradesView,
  TradeView,
} from './views';
