/**
 * Proxy investing's REST data (PROXY-*): the info, the customers and the earnings through the one client and the
 * keyed query cache; applying and linking through mutate (an Idempotency-Key per intent).
 */
import { proxyApi } from '../../../shared/api/proxy';
import type { ProxyCustomerPage, ProxyEarningPage, ProxyInfo } from '../../../shared/schemas/proxy';
import { call } from '../../api/client';
import { mutate } from '../../data/mutate';
import { queryKey } from '../../data/queryCache';
import { useQuery, type QueryResult } from '../../data/useQuery';

export const PROXY_PAGE_SIZE = 20;

export function useProxyInfo(enabled = true): QueryResult<ProxyInfo> {
  return useQuery(queryKey(['proxy', 'info']), (signal) => call(proxyApi.proxyInfo, { signal, silent: true }), {
    enabled,
  });
}

export function useProxyCustomers(pageNum: number): QueryResult<ProxyCustomerPage> {
  return useQuery(queryKey(['proxy', 'customers', pageNum]), (signal) =>
    call(proxyApi.proxyCustomers, { query: { pageNum, pageSize: PROXY_PAGE_SIZE }, signal, silent: true }),
  );
}

export function useProxyEarnings(pageNum: number): QueryResult<ProxyEarningPage> {
  return useQuery(queryKey(['proxy', 'earnings', pageNum]), (signal) =>
    call(proxyApi.proxyEarnings, { query: { pageNum, pageSize: PROXY_PAGE_SIZE }, signal, silent: true }),
  );
}

/** PROXY-1: become an agent (the server returns the same code again). */
export function applyAgent(): Promise<{ code: string }> {
  return mutate((idempotencyKey) => call(proxyApi.proxyApply, { idempotencyKey, silent: true }), {
    intent: 'proxy:apply',
    invalidates: [queryKey(['proxy'])],
  });
}

/** PROXY-2: link an agent's code (once). */
export function linkAgent(code: string): Promise<ProxyInfo> {
  return mutate((idempotencyKey) => call(proxyApi.proxyLink, { body: { code }, idempotencyKey, silent: true }), {
    intent: `proxy:link:${code.trim().toUpperCase()}`,
    invalidates: [queryKey(['proxy'])],
  });
}
