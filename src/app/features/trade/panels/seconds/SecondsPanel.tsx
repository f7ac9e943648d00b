/** The seconds-contract panel (/flash, PLAYING_SETTING SecondContract): order entry for second contracts. Until its issue lands it says "trading opens soon". */
import { TradingSoon } from '../TradingSoon';

export function SecondsPanel() {
  return <TradingSoon />;
}
