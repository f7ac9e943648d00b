/**
 * The contract's version as the server announces it and the app reads it (CONF-12, CONF-13; docs/api/README.md).
 * `PROTOCOL_VERSION` (src/shared/protocol.ts) is the major number: it changes when a reply, frame or rule the app
 * relies on changes incompatibly; `PROTOCOL_MINOR` counts additions an older app can ignore.
 */
import { PROTOCOL_VERSION } from './protocol';

/** Additions since the major version began (optional fields, new calls, new channels). */
export const PROTOCOL_MINOR = 0;
/** "major.minor", as written in docs/api/CHANGELOG.md and the reply header. */
export const CONTRACT_VERSION = `${PROTOCOL_VERSION}.${PROTOCOL_MINOR}`;
/** The reply header that carries CONTRACT_VERSION on every `/api` reply. */
export const PROTOCOL_VERSION_HEADER = 'X-Protocol-Version';

/** "2", "2.3" -> { major, minor }; anything else (absent, garbage, negative) -> undefined. */
export function parseContractVersion(raw: string | null | undefined): { major: number; minor: number } | undefined {
  const m = /^\s*(\d{1,6})(?:\.(\d{1,6}))?\s*$/.exec(raw ?? '');
  if (!m) return undefined;
  return { major: Number(m[1]), minor: m[2] === undefined ? 0 : Number(m[2]) };
}

/**
 * Whether the app should tell the user that the backend speaks a newer major version than it knows (CONF-13).
 * An absent or unreadable header (a backend that does not announce), an older or equal major, or a newer minor
 * is no reason to warn.
 */
export function backendIsNewerMajor(
  announced: string | null | undefined,
  knownMajor: number = PROTOCOL_VERSION,
): boolean {
  const v = parseContractVersion(announced);
  return v !== undefined && v.major > knownMajor;
}
