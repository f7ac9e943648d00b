/** The options panel (/flashOption, PLAYING_SETTING Option): order entry for options. Until its issue lands it says "trading opens soon". */
import { TradingSoon } from '../TradingSoon';

export function OptionsPanel() {
  return <TradingSoon />;
}
