/**
 * The phone/desktop switch (LAYOUT-1): desktop layout at 1024 px and wider at the default text size. The query is
 * in em (64 em = 1024 px at 16 px), so a larger text size in the browser moves the switch with it and the page
 * reflows to the phone layout rather than overflowing the desktop grid (A11Y-7).
 */
import { useSyncExternalStore } from 'react';

export const DESKTOP_BREAKPOINT = 1024;
const QUERY = `(min-width: ${DESKTOP_BREAKPOINT / 16}em)`;

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
