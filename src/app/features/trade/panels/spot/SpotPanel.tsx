/** The spot panel (/trade, PLAYING_SETTING BBTrading): order entry for spot trading. Until its issue lands it says "trading opens soon". */
import { TradingSoon } from '../TradingSoon';

export function SpotPanel() {
  return <TradingSoon />;
}
