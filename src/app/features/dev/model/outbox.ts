/** Reading the development outbox (DEV-1). */
import { devApi, type OutboxMessage } from '../../../../shared/api/dev';
import { CodeType } from '../../../../shared/schemas/user';
import { call } from '../../../api/client';
import { settings } from '../../../state/settings';

/** How often the mailbox page reads the outbox again while it is open. */
export const OUTBOX_REFRESH_MS = 5000;

/** True when the server said (in its settings reply) that it keeps a development outbox. */
export function hasDevOutbox(): boolean {
  return settings.config.devOutbox === true;
}

/** The latest codes to every address, newest first. Errors are the client's ApiError (shown by the page). */
export function readOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  return call(devApi.outbox, { query: {}, signal, silent: true });
}

/** The i18n key of a code's purpose (`dev.purpose.<type>`), or null for a purpose this app does not know. */
export function purposeKey(codeType: string): string | null {
  return CodeType.safeParse(codeType).success ? `dev.purpose.${codeType}` : null;
}
