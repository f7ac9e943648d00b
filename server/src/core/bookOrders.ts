/**
 * The book glue every product that trades on a book shares (CORE-1), once: its orders' refs in the books
 * (`<product>:<order id>`, kept by the books while an order rests and journaled with it, CORE-4), placing under
 * the user's self-trade group (CORE-7), cancelling by our order id, finding our order behind a book order in a
 * match, and checking the open orders against the books after a replay (CORE-5). The products (spot, futures)
 * say only how a fill moves money and positions.
 */
import type { BookOrderRequest, BookOrderState, BookResult, MarketBooks } from '../context';

type BookOrderSpec = Omit<BookOrderRequest, 'ref' | 'group'>;

export class BookOrders {
  private readonly prefix: string;

  constructor(
    private readonly books: MarketBooks,
    private readonly product: string,
    private readonly onError: (err: unknown, context: Record<string, unknown>) => void,
  ) {
    this.prefix = `${product}:`;
  }

  ref(id: number): string {
    return this.prefix + id;
  }

  /** Our order id behind a book order (while its ref lasts: resting, or during its match's listeners). */
  idOf(symbol: string, bookId: number): number | undefined {
    const ref = this.books.refOf(symbol, bookId);
    return ref !== undefined && ref.startsWith(this.prefix) ? Number(ref.slice(this.prefix.length)) : undefined;
  }

  /** Hands our order `id` of `userId` to the book, under its ref and the user's self-trade group. */
  place(symbol: string, id: number, userId: number, order: BookOrderSpec): BookResult {
    return this.books.place(symbol, { ...order, ref: this.ref(id), group: userId });
  }

  /** Takes our order out of its book if it rests there. A refusal is a bug: thrown, so the batch is refused. */
  cancel(symbol: string, id: number): void {
    const bookId = this.books.bookIdOf(symbol, this.ref(id));
    if (bookId === undefined) return;
    const r = this.books.cancel(symbol, bookId);
    if (!r.ok) throw new Error(`${this.ref(id)}: the book refused its cancel: ${r.error}`);
  }

  /** Calls `fn` with our id for each state of a match that is one of our orders. */
  each(symbol: string, states: readonly BookOrderState[], fn: (id: number, s: BookOrderState) => void): void {
    for (const s of states) {
      const id = this.idOf(symbol, s.id);
      if (id !== undefined) fn(id, s);
    }
  }

  /**
   * CORE-5, after a replay: each open order must rest in the books; one that does not is handed to `missing`
   * (the product ends it), and a book order of ours without an open order leaves the book. Both are logged.
   * Returns how many open orders rest.
   */
  adopt<O extends { id: number }>(open: readonly O[], missing: (o: O) => void): number {
    const resting = new Map<number, { symbol: string; bookId: number }>();
    for (const r of this.books.resting())
      if (r.ref.startsWith(this.prefix))
        resting.set(Number(r.ref.slice(this.prefix.length)), { symbol: r.symbol, bookId: r.bookId });
    let n = 0;
    for (const o of open) {
      if (resting.delete(o.id)) {
        n++;
        continue;
      }
      this.onError(new Error('an open order is not in the books after the replay'), {
        event: `${this.product}_restore_missing`,
        id: o.id,
      });
      missing(o);
    }
    for (const [id, r] of resting) {
      this.onError(new Error('a book order has no open order'), { event: `${this.product}_restore_orphan`, id });
      this.books.cancel(r.symbol, r.bookId);
    }
    return n;
  }
}
