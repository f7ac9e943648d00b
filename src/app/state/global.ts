/**
 * Global state of spec 3.5 that is not already owned elsewhere:
 * - loading: src/app/ui/toast.ts (`ui.loading`, the 'submittingOrder' overlay);
 * - language: src/app/i18n (`languageState.language`); languageList, timezone, timezoneOffset, hasOption,
 *   settingConfig / platFormConfig: src/app/state/settings.ts (`settings`).
 * The rest lives here: the trade screen's mode and the watchlist. Fields nobody used are gone; the screens
 * that need more state add it with them.
 */
import { proxy } from 'valtio';

export interface GlobalState {
  /** Which trade mode the trade screen shows (PLAYING_SETTING name). */
  tradeFlag: string;
  /** The trade screen currently shows options. */
  isOption: boolean;
  /** Watchlist: coin codes the user collected (7.1 getUserCoin). */
  hasCollectCoin: string[];
}

export const globalState = proxy<GlobalState>({
  tradeFlag: '',
  isOption: false,
  hasCollectCoin: [],
});
