import { HOME_PATH } from '../../ui/appPaths';

/** Every route path of the markets area (spec 2.1): home, the market lists, search. */
export const MARKETS_PATHS = {
  home: HOME_PATH,
  markets: '/store',
  search: '/search',
} as const;
