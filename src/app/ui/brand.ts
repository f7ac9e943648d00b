/**
 * The exchange's marks (BRAND-1, BRAND-2). LOGO_SETTING (spec 3.x: logo, logoA to logoD) is read so:
 * `logo` is the wordmark shown in the navigation and on the sign-in wall; `logoA` is the square mark used as
 * the favicon and app icon (falling back to `logo`); logoB to logoD are not given a meaning by the spec and
 * are not used. Without a URL the drawn default mark (the same drawing as /favicon.svg) is used.
 */
import type { AllSettings } from '../../shared/schemas/settings';

/** The default mark's drawing, in a 28 x 28 box (also in public/favicon.svg). */
export const MARK_PATH = 'M7 18l4.2-4.2 3.1 3.1L21 10.2';
export const DEFAULT_FAVICON = '/favicon.svg';

type LogoSetting = Partial<AllSettings['LOGO_SETTING']> | undefined;

function usable(url: unknown): string | undefined {
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : undefined;
}

/** The wordmark image, if the platform sets one. */
export function wordmarkUrl(s: LogoSetting): string | undefined {
  return usable(s?.logo);
}

/** The favicon: the square mark, else the wordmark, else the default mark. */
export function faviconUrl(s: LogoSetting): string {
  return usable(s?.logoA) ?? usable(s?.logo) ?? DEFAULT_FAVICON;
}

/** Points the page's icon link at `href` (creating it if the page has none). */
export function applyFavicon(doc: Document, href: string): void {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') === href) return;
  link.removeAttribute('type');
  link.href = href;
}
