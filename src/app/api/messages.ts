/**
 * Messages the HTTP client shows (spec 5, 8), keyed `client.<key>` in the `common` i18n namespace (loaded at start-up)
 * and kept in `account` too (the account forms use some). The English text here is the fallback used before i18n is
 * ready; the translations live in src/app/i18n/locales/<lang>/common.json.
 */
export const FALLBACK_MESSAGES = {
  cannotInputChinese: 'Chinese characters cannot be entered here',
  'System error': 'System error',
  'Network anomaly': 'Network anomaly, please check your connection',
  tooManyRequests: 'Too many requests, try again in {{seconds}} s',
  requestTimeout: 'The request timed out, please try again',
  unexpectedReply: 'The server sent an unexpected reply, please try again later',
  loading: 'Loading…',
} as const;

export type MessageKey = keyof typeof FALLBACK_MESSAGES;
