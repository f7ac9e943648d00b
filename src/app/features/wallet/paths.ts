/** Every route path of the wallet area (spec 2.1, 2.4): deposit, withdraw, exchange, assets and records. */
export const WALLET_PATHS = {
  wallet: '/wallet',
  assets: '/assets',
  recharge: '/recharge',
  withdraw: '/withdraw',
  withdrawDeposit: '/withdrawDeposit',
  flashExchange: '/flashExchange',
  exchange: '/exchange',
  cashflow: '/cashflow',
} as const;
