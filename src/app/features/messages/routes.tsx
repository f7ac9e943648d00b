/** The messages area's routes (spec 2.1; MSGUI-*): the inbox and one message, with the `inbox` namespace. */
import type { RouteDef } from '../routeDef';
import { MESSAGES_PATHS } from './paths';

export const MESSAGES_ROUTES: readonly RouteDef[] = [
  { path: MESSAGES_PATHS.message, load: () => import('./screens/MessageListScreen'), ns: ['inbox', 'market'] },
  { path: MESSAGES_PATHS.messageDetail, load: () => import('./screens/MessageDetailScreen'), ns: ['inbox', 'market'] },
];
