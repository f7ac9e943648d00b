/**
 * The web app manifest (PERF-20), one builder for both places that write it: the build (vite.config.ts, the
 * file `dist/manifest.webmanifest`, used when the app is hosted without our server) and the server
 * (`GET /manifest.webmanifest`, with the operator's site name). The icons are drawn at build from
 * `public/favicon.svg` (scripts/pwaIcons.ts) under the names listed here, so both manifests point at files that
 * exist. Colours are the design tokens' (src/app/styles/tokens.css).
 */

/** The PNG icons the build draws, by file name and edge in px (PERF-20). */
export const PWA_ICONS = [
  { src: '/pwa-192.png', size: 192, purpose: 'any' },
  { src: '/pwa-512.png', size: 512, purpose: 'any' },
  { src: '/pwa-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;
/** The home-screen icon of iOS, linked from index.html (180 px, no transparency). */
export const APPLE_TOUCH_ICON = { src: '/apple-touch-icon.png', size: 180 } as const;

/**
 * Design tokens of tokens.css: the browser bar and the splash take --color-bg (as index.html's theme-color: the
 * top bar is white), the icons' ground --color-brand.
 */
export const THEME_COLOR = '#ffffff';
export const BACKGROUND_COLOR = '#ffffff';
export const BRAND_COLOR = '#1f5eff';
export const DEFAULT_SITE_NAME = 'OpenEx';

export interface SiteNames {
  /** The full name (install dialog, app switcher). */
  name: string;
  /** The name under the home-screen icon; the full name when absent. */
  shortName?: string;
}

export interface WebManifest {
  name: string;
  short_name: string;
  id: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: string }[];
}

/** At most this many characters under the icon; a longer short name is cut (launchers cut at about 12). */
export const SHORT_NAME_MAX = 12;

/** The manifest for `names`; blank names fall back to {@link DEFAULT_SITE_NAME}. */
export function buildWebManifest(names: SiteNames): WebManifest {
  const name = names.name.trim() || DEFAULT_SITE_NAME;
  const short = (names.shortName?.trim() || name).slice(0, SHORT_NAME_MAX).trim();
  return {
    name,
    short_name: short,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: PWA_ICONS.map((i) => ({ src: i.src, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
  };
}
