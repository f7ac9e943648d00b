import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the messages area (spec 2.1): the inbox and one message.
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const MESSAGES_PATHS = APP_PATHS.messages;

/** One message's page: /message/detail?id=N. */
export const messageHref = (id: number) => `${MESSAGES_PATHS.messageDetail}?id=${id}`;
