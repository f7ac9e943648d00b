/**
 * The spot mode's entry in MODE_PANELS (PLAYING_SETTING BBTrading). The trade shell gives spot a layout of its own
 * (SpotLayout.tsx: order book, order form, the user's orders; TRADE-9, TRADE-10), so this panel is not rendered
 * by it; it stays so that every mode has a panel, and says plainly that order entry is elsewhere if it ever is.
 */
import { TradingSoon } from '../TradingSoon';

export function SpotPanel() {
  return <TradingSoon />;
}
