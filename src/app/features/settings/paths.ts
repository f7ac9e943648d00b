/** Every route path of the settings area (spec 2.1): the language list. */
export const SETTINGS_PATHS = {
  langList: '/langList',
} as const;
