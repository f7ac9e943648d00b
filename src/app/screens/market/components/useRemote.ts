/**
 * Loads something over HTTP for a screen: loading, data, error and a reload. The latest call wins; a
 * call that finishes after unmount or after a newer call is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Remote<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'ok'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: string };

export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[], refreshMs = 0): Remote<T> & { reload: () => void } {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ctrl: AbortController | undefined;
    const run = (first: boolean) => {
      ctrl = new AbortController();
      if (first) setState((s) => ({ status: 'loading', data: s.data }));
      loadRef
        .current(ctrl.signal)
        .then(
          (data) => live && setState({ status: 'ok', data }),
          (err: unknown) => live && setState((s) => ({ status: 'error', data: s.data, error: err instanceof Error ? err.message : String(err) })),
        )
        .finally(() => {
          if (live && refreshMs > 0) timer = setTimeout(() => run(false), refreshMs);
        });
    };
    run(true);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      ctrl?.abort();
    };
  }, [...deps, nonce, refreshMs]); // eslint-disable-line react-hooks/exhaustive-deps
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
