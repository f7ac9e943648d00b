/**
 * Global state of spec 3.5 that is not already owned elsewhere:
 * - loading: src/app/ui/toast.ts (`ui.loading`, the 'submittingOrder' overlay);
 * - language: src/app/i18n (`languageState.language`); languageList, timezone, timezoneOffset, hasOption,
 *   settingConfig / platFormConfig: src/app/state/settings.ts (`settings`).
 * The rest lives here, for the trading and wallet screens of later issues.
 */
import { proxy } from 'valtio';

export interface GlobalState {
  /** Trading is open on the trade screen (set by the trade screens). */
  tradeStatus: boolean;
  /** Which trade mode the trade screen shows (PLAYING_SETTING name). */
  tradeFlag: string;
  /** The trade screen currently shows options. */
  isOption: boolean;
  /** Watchlist: coin codes the user collected (7.1 getUserCoin). */
  hasCollectCoin: string[];
  customerEmail: string;
  /** Date-time pattern name for lists ('datetime' | 'date' | 'time' | 'short'). */
  timeFormat: 'datetime' | 'date' | 'time' | 'short';
  /** Recharge address per coin name (4.7: looked up at most once per 5 s, only for uncached coins). */
  userRechageMap: Record<string, string>;
}

export const globalState = proxy<GlobalState>({
  tradeStatus: false,
  tradeFlag: '',
  isOption: false,
  hasCollectCoin: [],
  customerEmail: '',
  timeFormat: 'datetime',
  userRechageMap: {},
});
