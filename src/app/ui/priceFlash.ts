/**
 * The price flash: `data-flash="up"|"down"` on a price element when its price moves, taken off on the first
 * sweep at least FLASH_MS after the last move in that direction. No animation runs: turning a flash on is one attribute change (one
 * element's style), a price that keeps moving the same way costs nothing more, and one shared timer turns
 * every expired flash off. (A Web Animation of the background repainted each flashing cell every frame.)
 * React does not own the attribute, so re-renders leave it alone.
 */
export const FLASH_MS = 600;
/**
 * How often the shared timer looks for expired flashes while any is on. It sweeps on the multiples of this on
 * the clock, the beat the list rows change on (LIST_CADENCE_MS, WORK-16), so taking a flash off lands on a
 * frame the rows change anyway instead of adding frames of its own.
 */
export const SWEEP_MS = 250;

export type FlashDir = 1 | -1;

export interface FlashTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

export interface FlashClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
}

const ATTR = 'data-flash';
const VALUE = { 1: 'up', [-1]: 'down' } as const;

export class Flasher {
  private readonly live = new Map<FlashTarget, { dir: FlashDir; until: number }>();
  private armed = false;

  constructor(private readonly clock: FlashClock) {}

  /** Flashes `el` in `dir`; an element already flashing that way only has its flash extended. */
  flash(el: FlashTarget, dir: FlashDir): void {
    const until = this.clock.now() + FLASH_MS;
    const cur = this.live.get(el);
    if (cur && cur.dir === dir) {
      cur.until = until;
      return;
    }
    el.setAttribute(ATTR, VALUE[dir]);
    this.live.set(el, { dir, until });
    this.arm();
  }

  /** Ends a flash at once (the element leaves the page). */
  clear(el: FlashTarget): void {
    if (this.live.delete(el)) el.removeAttribute(ATTR);
  }

  /** Elements flashing now. */
  get size(): number {
    return this.live.size;
  }

  private arm(): void {
    if (this.armed) return;
    this.armed = true;
    this.clock.setTimeout(this.sweep, SWEEP_MS - (this.clock.now() % SWEEP_MS));
  }

  private readonly sweep = (): void => {
    this.armed = false;
    const now = this.clock.now();
    for (const [el, f] of this.live) {
      if (f.until <= now) {
        el.removeAttribute(ATTR);
        this.live.delete(el);
      }
    }
    if (this.live.size > 0) this.arm();
  };
}
