import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of proxy investing (spec 2.1, 2.4; PROXY-10..14): the programme, its records, its earnings.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const PROXY_PATHS = APP_PATHS.proxy;
