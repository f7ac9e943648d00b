/** Every route path of the growth area (spec 2.1, 2.4): invitations, promotion centres, rewards and the proxy. */
export const GROWTH_PATHS = {
  /** Spelled so in the source (declared twice there; once here). */
  invaite: '/invaite',
  /** The mobile promotion centre. */
  invite: '/invite',
  /** The desktop promotion centre. */
  extend: '/extend',
  welfare: '/welfare',
  proxy: '/proxy',
  proxyRecords: '/proxy/records',
  proxyEarnings: '/proxy/earnings',
} as const;
