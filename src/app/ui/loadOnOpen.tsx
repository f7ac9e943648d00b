/**
 * Layers that nobody sees until they are opened (the customer-service chooser, the phone's menu drawer, the
 * sign-out confirmation) load their code the first time they open, not with the screen (PERF-10: home loads only
 * what home shows). Once loaded they stay mounted, so closing still animates and returns focus as before.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** True from the first render at which `open` was true, for good. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A component whose code is fetched the first time `open` is true (a named export of a lazily imported module). */
export function loadOnOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): (props: P & { open: boolean }) => ReactNode {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LoadedOnOpen(props: P & { open: boolean }) {
    const opened = useOpenedOnce(props.open);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
