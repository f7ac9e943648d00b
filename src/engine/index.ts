/**
 * The engine's only public entry. Types of the facade live in ./types and ./views.
 */
export { createMarketEngine } from './engine';
export type { EngineOptions } from './engine';
export { decimalsOf, formatChangePct, formatPrice, formatShort, formatSignedPrice } from './format';
export {
  CONNECTION_KEY,
  CONNECT_TIMEOUT_MS,
  DELAYED_AFTER_MS,
  KLINE_CAPACITY,
  KLINE_SEED_LIMIT,
  RECONNECT_DELAY_MS,
  RECONNECT_JITTER_MS,
  RELEASE_GRACE_MS,
  SEND_QUEUE_MAX,
  SILENCE_TIMEOUT_MS,
  TRADES_KEPT,
} from './constants';
export { topicKey } from './types';
