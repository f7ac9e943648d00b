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

/**
 * Notices have no route of their own in the spec: they are a tab of the inbox (`/message?tab=notices`) and open in
 * its detail route (`/message/detail?notice=ID`), NOTE-4.
 */
export const NOTICES_HREF = '/message?tab=notices';
export function noticeHref(id: number): string {
  return `/message/detail?notice=${id}`;
}
