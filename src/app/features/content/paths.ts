/** Every route path of the content area (spec 2.1): terms, help, about, download. */
export const CONTENT_PATHS = {
  terms: '/termService',
  help: '/help',
  helpDetail: '/helpDetail/:id',
  about: '/about',
  download: '/download',
} as const;

/** The help article `id` (spec 2.1 /helpDetail/{id}). */
export function helpDetailPath(id: string | number): string {
  return `/helpDetail/${id}`;
}
