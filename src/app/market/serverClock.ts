/**
 * The server's clock from the tab (FX-6): the offset `serverNow - localNow` that the market worker estimates from
 * the socket frames' `ts` (src/engine/serverClock.ts). Asked once when a screen needs it (a quote arrives), never
 * pushed per tick into React; null while the worker has no frame yet or does not answer.
 */
import { marketClient } from './marketClient';

export async function serverClockOffset(): Promise<number | null> {
  try {
    return (await marketClient.diagnostics()).serverClockOffsetMs ?? null;
  } catch {
    return null;
  }
}
