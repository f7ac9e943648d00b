/** The proxy programme's calls (PROXY-*; ours, the spec shows the routes only): thin. */
import { proxyApi } from '../../../src/shared/api/proxy';
import type { IdentityRouter } from '../identity/service';
import type { ProxyService } from './service';

export function registerProxyRoutes(r: IdentityRouter, proxy: ProxyService): void {
  r.route(proxyApi.proxyInfo, ({ user }) => proxy.info(user.id));
  r.route(proxyApi.proxyApply, ({ user }) => proxy.apply(user.id), { idempotent: true });
  r.route(proxyApi.proxyLink, ({ user, body }) => proxy.link(user.id, body.code), { idempotent: true });
  r.route(proxyApi.proxyCustomers, ({ user, query }) => proxy.customers(user.id, query.pageNum, query.pageSize));
  r.route(proxyApi.proxyEarnings, ({ user, query }) => proxy.earnings(user.id, query.pageNum, query.pageSize));
}
