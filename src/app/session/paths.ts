/**
 * Which paths open without a session (PUB-1, DEV-1), as the route definitions say (`RouteDef.public`): the app's
 * route table hands them over when it is built (`setRouteAccess`), so the guard never reads a feature's table.
 * What shows or moves the user's own money stays behind the guard.
 */
import type { RouteDef } from '../features/routeDef';
import { pathOnly } from '../ui/appPaths';

interface OpenRoute {
  /** The route's path split at `/`; a `:name` segment stands for any one non-empty segment (`/helpDetail/:id`). */
  segments: readonly string[];
  when: true | (() => boolean);
}

let open: readonly OpenRoute[] = [];

/** Takes the routes that open without a session from the route table (routes.tsx, at start; tests). */
export function setRouteAccess(defs: readonly Pick<RouteDef, 'path' | 'public'>[]): void {
  open = defs.flatMap((d) => (d.public ? [{ segments: d.path.split('/'), when: d.public }] : []));
}

function matches(route: OpenRoute, path: string): boolean {
  const parts = path.split('/');
  return (
    parts.length === route.segments.length &&
    route.segments.every((s, i) => (s.startsWith(':') ? parts[i].length > 0 : s === parts[i]))
  );
}

/** PUB-1: the path is one of the public pages (markets, trade screens read-only, content, the language list). */
export function isPublicPath(pathWithSearch: string): boolean {
  const path = pathOnly(pathWithSearch);
  return open.some((r) => r.when === true && matches(r, path));
}

/** Whether a signed-out visitor may open the path: a public page, or a tool whose route says it is open now. */
export function opensSignedOut(pathWithSearch: string): boolean {
  const path = pathOnly(pathWithSearch);
  return open.some((r) => matches(r, path) && (r.when === true || r.when()));
}
