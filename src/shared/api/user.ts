/** User and account calls of spec 7.1, upload and KYC (issue 5). */
import type { Endpoint } from './endpoint';

export const userApi = {} satisfies Record<string, Endpoint<any, any, any>>;
