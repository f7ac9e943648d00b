/**
 * The server's clock from the tab (FX-6): the offset `serverNow - localNow` that the market worker estimates from
 * the socket frames' `ts` (src/engine/serverClock.ts). Asked once when a screen needs it (a quote arrives), never
 * pushed per tick into React; null while the worker has no frame yet or does not answer. `useServerOffset` asks it
 * for the countdowns of second contracts, options and finance subscriptions, again every 30 s.
 */
import { useEffect, useState } from 'react';
import { marketClient } from './marketClient';
import { clock } from '../time/clock';

/** How often the clock offset is asked of the worker again (it refines it from every frame). */
const OFFSET_REFRESH_MS = 30_000;

export async function serverClockOffset(): Promise<number | null> {
  try {
    return (await marketClient.diagnostics()).serverClockOffsetMs ?? null;
  } catch {
    return null;
  }
}

/** serverNow - localNow from the engine (null until it has a frame); refreshed now and then. */
export function useServerOffset(): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    let alive = true;
    const ask = () =>
      void serverClockOffset().then((o) => {
        if (alive && o !== null) setOffset(o);
      });
    ask();
    const id = clock.setInterval(ask, OFFSET_REFRESH_MS);
    return () => {
      alive = false;
      clock.clearInterval(id);
    };
  }, []);
  return offset;
}
