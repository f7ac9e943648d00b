import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the markets area (spec 2.1): home, the market lists, search.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const MARKETS_PATHS = APP_PATHS.markets;
