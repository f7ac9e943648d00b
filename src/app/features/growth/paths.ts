import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the growth area (spec 2.1, 2.4): invitations, promotion centres, rewards (the proxy's are
 * features/proxy).
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const GROWTH_PATHS = APP_PATHS.growth;
