/**
 * Gap detection on the server's per-connection sequence numbers (protocol.ts: `seq` starts at 1 on
 * each socket and grows by one per frame). A jump means frames were lost: the affected state must be
 * re-seeded from REST. Garbage frames carry no seq and never reach this.
 */
export class SequenceTracker {
  private expected = 1;
  gaps = 0;

  /** For a new socket. */
  reset(): void {
    this.expected = 1;
  }

  /** Records a frame's seq; true when frames were lost before it. */
  check(seq: number): boolean {
    const gap = seq > this.expected;
    if (gap) this.gaps++;
    if (seq >= this.expected) this.expected = seq + 1;
    return gap;
  }
}
