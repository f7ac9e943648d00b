/**
 * Browser storage keys of spec 3.1, all under one fixed prefix.
 * The test-platform entry holds `{ platform: string, domain?: string }` (spec 3.1, 7.5) and survives sign-out.
 */
export const STORAGE_PREFIX = 'openex:';

export const StorageKeys = {
  token: `${STORAGE_PREFIX}token`,
  language: `${STORAGE_PREFIX}language`,
  languageId: `${STORAGE_PREFIX}languageId`,
  userInfo: `${STORAGE_PREFIX}userInfo`,
  theme: `${STORAGE_PREFIX}theme`,
  eyes: `${STORAGE_PREFIX}eyes`,
  closeWindowTime: `${STORAGE_PREFIX}closeWindowTime`,
  testPlatform: `${STORAGE_PREFIX}testPlatform`,
  /** Persisted platform config (spec 4.4) and coin lists (4.3 step 1). */
  settings: `${STORAGE_PREFIX}settings`,
  coinList: `${STORAGE_PREFIX}coinList`,
  isSign: `${STORAGE_PREFIX}isSign`,
  asset: `${STORAGE_PREFIX}asset`,
  /** Idempotency keys of mutations not yet answered, by intent (src/app/data/mutate.ts). */
  pendingIntents: `${STORAGE_PREFIX}pendingIntents`,
  /** The wallet's "hide small balances" toggle (WAL-4); `eyes` is its hide-amounts eye (WAL-5). */
  hideSmallBalances: `${STORAGE_PREFIX}hideSmallBalances`,
  /** The new-user notice waiting to be shown once after registration (NOTE-3), and the POPUP notices seen (NOTE-2). */
  newUserNotice: `${STORAGE_PREFIX}newUserNotice`,
  seenNotices: `${STORAGE_PREFIX}seenNotices`,
  /** The transfer sheet's last destination account, per user id (WORD-6). */
  lastTransferTo: `${STORAGE_PREFIX}lastTransferTo`,
  /** The last prices the tab showed, for an offline start (PERF-24, src/app/market/priceSnapshot.ts). */
  lastPrices: `${STORAGE_PREFIX}lastPrices`,
  /** Set (sessionStorage) once the newer-backend notice was shown this browser session (CONF-13). */
  protocolNoticeShown: `${STORAGE_PREFIX}protocolNoticeShown`,
} as const;
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];
