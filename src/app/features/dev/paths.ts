import { APP_PATHS } from '../../ui/appPaths';

/**
 * Route paths of the development tools (DEV-1): they exist only when the server is not in production mode.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const DEV_PATHS = APP_PATHS.dev;
