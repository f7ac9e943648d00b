/** Every route path of the copy-trading area (spec 2.1, 2.4): follow, and the follow orders. */
export const COPY_PATHS = {
  follow: '/follow',
  floworder: '/floworder',
  floworderConfirm: '/floworder/confirm/:id',
  floworderMine: '/floworder/mine',
  floworderApply: '/floworder/apply',
} as const;
