/** Every route path of the growth area (spec 2.1, 2.4): invitations, promotion centres, rewards (the proxy's are features/proxy). */
export const GROWTH_PATHS = {
  /** Spelled so in the source (declared twice there; once here). */
  invaite: '/invaite',
  /** The mobile promotion centre. */
  invite: '/invite',
  /** The desktop promotion centre. */
  extend: '/extend',
  welfare: '/welfare',
} as const;
