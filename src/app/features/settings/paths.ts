import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the settings area (spec 2.1): the language list.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const SETTINGS_PATHS = APP_PATHS.settings;
