/**
 * True while an element is on screen (or within PRELOAD_PX of it). Long market lists use it so only the
 * rows a customer can see hold live subscriptions: fewer socket subscriptions, less work per frame.
 * One shared IntersectionObserver serves every row. Without IntersectionObserver everything counts as visible.
 */
import { useEffect, useState, type RefObject } from 'react';

export const PRELOAD_PX = 300;

type Listener = (visible: boolean) => void;
let observer: IntersectionObserver | undefined;
const listeners = new WeakMap<Element, Listener>();

function shared(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) listeners.get(e.target)?.(e.isIntersecting);
    },
    { rootMargin: `${PRELOAD_PX}px 0px` },
  );
  return observer;
}

export function useInView(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    const io = shared();
    if (!el || !io) return;
    listeners.set(el, setVisible);
    io.observe(el);
    return () => {
      io.unobserve(el);
      listeners.delete(el);
    };
  }, [ref]);
  return visible;
}
