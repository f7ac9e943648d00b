/**
 * The futures mode's entry in MODE_PANELS (PLAYING_SETTING Ustandard). The trade shell gives futures a layout of
 * its own (FuturesLayout.tsx: order book, order form, positions; FUI-1, FUI-2), so this panel is not rendered by
 * it; it stays so that every mode has a panel.
 */
import { TradingSoon } from '../TradingSoon';

export function FuturesPanel() {
  return <TradingSoon />;
}
