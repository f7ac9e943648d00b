/** The messages area's routes (spec 2.1): later issues' screens, "coming soon" until then. */
import { placeholder, type RouteDef } from '../routeDef';
import { MESSAGES_PATHS } from './paths';

export const MESSAGES_ROUTES: readonly RouteDef[] = [
  { path: MESSAGES_PATHS.message, load: placeholder('message'), ns: [] },
  { path: MESSAGES_PATHS.messageDetail, load: placeholder('messageDetail'), ns: [] },
];
