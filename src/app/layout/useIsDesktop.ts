/** The phone/desktop switch (LAYOUT-1): desktop layout at 1024 px and wider. */
import { useSyncExternalStore } from 'react';

export const DESKTOP_BREAKPOINT = 1024;
const QUERY = `(min-width: ${DESKTOP_BREAKPOINT}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
