/** The futures panel (/contract and /trade?componentName=2, PLAYING_SETTING Ustandard): order entry for futures. Until its issue lands it says "trading opens soon". */
import { TradingSoon } from '../TradingSoon';

export function FuturesPanel() {
  return <TradingSoon />;
}
