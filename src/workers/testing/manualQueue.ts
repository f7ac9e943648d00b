/** A manual microtask queue: `schedule` collects, `run` drains. */
export class ManualQueue {
  private q: (() => void)[] = [];
  schedule = (fn: () => void): void => {
    this.q.push(fn);
  };
  run(): void {
    while (this.q.length) this.q.shift()!();
  }
  get size(): number {
    return this.q.length;
  }
}
