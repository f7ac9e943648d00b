/** Every route path of the finance area (spec 2.1): the products and a product's subscription. */
export const FINANCE_PATHS = {
  finance: '/finance',
  subscribe: '/finance/subscribe/:id',
} as const;
