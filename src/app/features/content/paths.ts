import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the content area (spec 2.1): terms, help, about, download.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const CONTENT_PATHS = APP_PATHS.content;

/** The help article `id` (spec 2.1 /helpDetail/{id}). */
export function helpDetailPath(id: string | number): string {
  return CONTENT_PATHS.helpDetail.replace(':id', String(id));
}

/**
 * Notices have no route of their own in the spec: they are a tab of the inbox (`/message?tab=notices`) and open in
 * its detail route (`/message/detail?notice=ID`), NOTE-4.
 */
export { NOTICES_HREF } from '../../ui/appPaths';
export function noticeHref(id: number): string {
  return `${APP_PATHS.messages.messageDetail}?notice=${id}`;
}
