import { APP_PATHS } from '../../ui/appPaths';

/**
 * Every route path of the finance area (spec 2.1): the products and a product's subscription (FINUI rules).
 * The addresses are the app's table of screens (`ui/appPaths.ts`, ROOM-3), under this area's name.
 */
export const FINANCE_PATHS = APP_PATHS.finance;

/** The tabs of /finance (FINUI-2): the active one is in the URL as `?tab=`. */
export const FINANCE_TABS = ['products', 'holdings', 'history'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];

/** /finance open on `tab` (the products tab needs no query). */
export function financeHref(tab: FinanceTab = 'products'): string {
  return tab === 'products' ? FINANCE_PATHS.finance : `${FINANCE_PATHS.finance}?tab=${tab}`;
}

/** The product page of product `id`. */
export function subscribeHref(id: number): string {
  return FINANCE_PATHS.subscribe.replace(':id', String(id));
}

/** The tab of a `?tab=` value; missing or unknown opens the products. */
export function tabOf(v: string | null): FinanceTab {
  return (FINANCE_TABS as readonly string[]).includes(v ?? '') ? (v as FinanceTab) : 'products';
}
