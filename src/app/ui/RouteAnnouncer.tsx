/**
 * A route change told to screen readers (A11Y-19): one polite live region in the shell, which reads the new
 * screen's document title (A11Y-17) once the screen has named it. The first screen is not announced (the page load
 * reads its title), nor a title that changes on the same route (the trade screens' live price, A11Y-18).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { clock } from '../time/clock';

/** The title a screen sets in its layout effects, read two frames after the route changed (lazy parts included). */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [text, setText] = useState('');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current === null || seen.current === pathname) {
      seen.current = pathname;
      return;
    }
    seen.current = pathname;
    let frame = clock.requestFrame(() => {
      frame = clock.requestFrame(() => setText(document.title));
    });
    return () => clock.cancelFrame(frame);
  }, [pathname]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {text}
    </div>
  );
}
