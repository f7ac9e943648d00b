import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the wallet area (spec 2.1, 2.4): deposit, withdraw, exchange, assets and records.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const WALLET_PATHS = APP_PATHS.wallet;
