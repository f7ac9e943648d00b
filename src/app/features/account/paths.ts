import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the account area (spec 2.1, 2.4): sign-in, registration, security, identity checks.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const ACCOUNT_PATHS = APP_PATHS.account;
