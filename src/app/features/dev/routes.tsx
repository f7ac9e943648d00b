/**
 * The development tools' routes (DEV-1). The route is always in the table (the built app cannot know the
 * server's mode), but the screen is the not-found screen unless the server's settings reply says it has a
 * development outbox; signed out, the guard treats the path as unknown in that case (it goes to /lr).
 * Texts in the account namespace (they are about the account codes).
 */
import type { RouteDef } from '../routeDef';
import { DEV_PATHS } from './paths';
import { hasDevOutbox } from './model/outbox';

export const DEV_ROUTES: readonly RouteDef[] = [
  { path: DEV_PATHS.outbox, load: () => import('./screens/OutboxScreen'), ns: ['account'], public: hasDevOutbox },
];
