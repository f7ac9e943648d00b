/** Every route path of proxy investing (spec 2.1, 2.4; PROXY-10..14): the programme, its records, its earnings. */
export const PROXY_PATHS = {
  proxy: '/proxy',
  proxyRecords: '/proxy/records',
  proxyEarnings: '/proxy/earnings',
} as const;
