/**
 * The market simulator and candle store (issue 2, part 5).
 * (Stub: replaced by the market work.)
 */
import type { Market, MarketSymbol, ServerConfig } from '../context';
import type { Metrics } from '../metrics';

export function createMarket(_config: ServerConfig, _symbols: MarketSymbol[], _metrics: Metrics): Market {
  throw new Error('market not built yet');
}
