/**
 * The React side of the data layer: a few lines over useSyncExternalStore. `useQuery(key, fetcher)` shares
 * one fetch and one answer among every component showing the same key; while a new key loads, the previous
 * key's data stays on screen (a language change does not blank the page).
 */
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { queries } from './queries';
import type { Fetcher, QueryState } from './queryCache';

export type QueryResult<T> = QueryState<T> & { reload: () => void };

export interface QueryOptions {
  /** Fetch again this long after each answer while shown (0: never). */
  refreshMs?: number;
  /** false: fetch nothing and return no data. */
  enabled?: boolean;
}

const IDLE: QueryState<never> = { status: 'loading' };
const noopUnsubscribe = () => undefined;

export function useQuery<T>(key: string, fetcher: Fetcher<T>, opts: QueryOptions = {}): QueryResult<T> {
  const { refreshMs = 0, enabled = true } = opts;
  const fetcherRef = useRef(fetcher);
  useLayoutEffect(() => {
    fetcherRef.current = fetcher;
  });
  const subscribe = useCallback(
    (onChange: () => void) =>
      enabled ? queries.subscribe(key, (signal) => fetcherRef.current(signal), onChange, refreshMs) : noopUnsubscribe,
    [key, enabled, refreshMs],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => (enabled ? queries.get<T>(key) : IDLE),
    () => IDLE,
  );
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (state.data !== undefined && state.data !== previous) setPrevious(state.data);
  const reload = useCallback(() => queries.reload(key), [key]);
  if (!enabled) return { status: 'loading', reload };
  if (state.data === undefined && previous !== undefined && state.status !== 'ok')
    return { ...state, data: previous, reload };
  return { ...state, reload };
}
