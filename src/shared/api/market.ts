/** Market and common calls of spec 7.2/7.3 served now (issue 2). Filled by the server work. */
import type { Endpoint } from './endpoint';

export const marketApi = {} satisfies Record<string, Endpoint<any, any, any>>;
