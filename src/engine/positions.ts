/**
 * The futures topics (WORK-19, WORK-20): `mark:SYM` (a pair's mark price, the MARK stream of LIVE-5) and
 * `positions` (the user's open positions, the private POSITION stream of LIVE-4, valued at the latest marks).
 *
 * Streams. POSITION is held, with the session token, exactly while the `positions` topic is watched and a token
 * is set. MARK of a symbol is held while a `mark` topic of it is watched, or while `positions` is watched and an
 * open position is on that symbol; a MARK no longer held forgets its price (it would go stale).
 *
 * Figures. Every row is checked with the `Position` schema; a bad row is dropped and counted (never thrown). A
 * position's `mark` figures come from the shared arithmetic (`markFigures` of src/shared/trading/futuresRules.ts,
 * the server's own function) at the latest mark of its symbol, with the pair's `shareNumber` = quantity / shares
 * and the row's `lossRate`; `mark` is null until the pair has a mark. Nothing is computed per frame: a MARK or
 * POSITION frame only marks the view dirty, and the view is rebuilt when the host asks for it, which it does once
 * per tab frame at most (WORK-4), so the positions view changes at most once per frame however many marks came.
 * A position whose row and mark price did not change keeps its figures (and its object); a mark at the same price
 * as the one the figures use changes nothing in the view.
 */
import type { MarkFrame, PositionFrame } from '../shared/protocol';
import { Position } from '../shared/schemas/futures';
import { Decimal } from '../shared/decimal';
import { markFigures } from '../shared/trading/futuresRules';
import type { ServerKey } from './subscriptions';
import { topicKey } from './types';
import type { LivePosition, MarkView, PositionsView } from './views';

export const POSITIONS_KEY = topicKey({ kind: 'positions' });

/**
 * Stands for a subscription while its subscribe is being sent: a socket may answer within the send (the fakes do),
 * and the answer must find the stream held.
 */
const HELD_PENDING = (): void => undefined;

export interface FuturesHost {
  /** Holds a server subscription; returns its release. */
  subscribe(spec: ServerKey): () => void;
  /** A held private stream's token changed (or its state must be sent again): subscribe again with it. */
  resubscribe(spec: ServerKey): void;
  /** The engine's next version number. */
  nextVersion(): number;
  log?: (event: string, data?: Record<string, unknown>) => void;
}

/** The figures of one position at one mark price, kept while neither changes. */
interface Valued {
  row: Position;
  price: string | null;
  live: LivePosition;
}

export class FuturesStreams {
  /** The latest mark of each symbol whose MARK is held. */
  private readonly marks = new Map<string, MarkView>();
  /** Symbols of the watched mark topics. */
  private readonly markTopics = new Set<string>();
  /** Held MARK subscriptions, by symbol. */
  private readonly markSubs = new Map<string, () => void>();
  private positionsWatched = false;
  private token: string | null = null;
  /** The POSITION subscription's release; HELD_PENDING while its subscribe is on the way out. */
  private positionRelease: (() => void) | null = null;
  private rows: Position[] | null = null;
  /** Symbols of the open positions (the MARK streams positions need). */
  private rowSymbols = new Set<string>();
  private valued = new Map<number, Valued>();
  private view: PositionsView = {
    version: 0,
    positions: null,
    eventCount: 0,
    lastEvent: null,
    authorized: true,
  };
  private dirty = false;
  private eventCount = 0;
  private lastEvent: PositionsView['lastEvent'] = null;
  private authorized = true;
  /** Scratch set of changed keys, valid until the next frame. */
  private readonly changed = new Set<string>();
  private readonly positionsChange: ReadonlySet<string> = new Set([POSITIONS_KEY]);
  /** POSITION rows refused by the Position schema (WORK-19). */
  rowsRejected = 0;

  constructor(private readonly host: FuturesHost) {}

  // ------------------------------------------------------------------ topics

  watchMark(symbol: string): void {
    this.markTopics.add(symbol);
    this.syncMarks();
  }

  unwatchMark(symbol: string): void {
    this.markTopics.delete(symbol);
    this.syncMarks();
  }

  watchPositions(): void {
    this.positionsWatched = true;
    this.syncPositionStream();
    this.syncMarks();
  }

  /** Lets go of the stream and forgets the rows: a later watch waits for a fresh snapshot, never shows stale ones. */
  unwatchPositions(): void {
    this.positionsWatched = false;
    this.syncPositionStream();
    this.setRows(null);
    this.touch();
    this.syncMarks();
  }

  /** The session token (null: signed out). What was shown goes first; returns the changed keys, if any. */
  setToken(token: string | null): ReadonlySet<string> | null {
    if (token === this.token) return null;
    const had = this.token;
    this.token = token;
    this.setRows(null);
    this.eventCount = 0;
    this.lastEvent = null;
    this.authorized = true;
    this.touch();
    if (had !== null && token !== null && this.positionRelease) {
      this.host.resubscribe({ type: 'POSITION', token });
    } else {
      this.syncPositionStream();
    }
    this.syncMarks();
    return this.positionsChange;
  }

  // ------------------------------------------------------------------ frames

  onMark(f: MarkFrame): ReadonlySet<string> | null {
    const symbol = f.symbol;
    if (!this.markSubs.has(symbol)) return null;
    const prev = this.marks.get(symbol);
    const d = f.data;
    // Newest wins; the same tick again (a subscription sent twice, a reconnect) changes nothing.
    if (prev && (d.time < prev.time || (d.time === prev.time && d.tradeId === prev.tradeId))) return null;
    this.marks.set(symbol, { symbol, price: d.price, index: d.index, time: d.time, tradeId: d.tradeId });
    const changed = this.changed;
    changed.clear();
    if (this.markTopics.has(symbol)) changed.add(topicKey({ kind: 'mark', symbol }));
    if (this.rows !== null && this.rowSymbols.has(symbol) && prev?.price !== d.price) {
      this.touch();
      changed.add(POSITIONS_KEY);
    }
    return changed.size ? changed : null;
  }

  onPositions(f: PositionFrame): ReadonlySet<string> | null {
    if (!this.positionRelease) return null;
    const rows: Position[] = [];
    for (const raw of f.data.positions) {
      const r = Position.safeParse(raw);
      if (r.success) {
        rows.push(r.data);
      } else {
        this.rowsRejected++;
        this.host.log?.('position_row_rejected', {
          id: typeof raw.id === 'number' ? raw.id : null,
          problem: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        });
      }
    }
    this.setRows(rows);
    if (f.data.event) {
      this.eventCount++;
      this.lastEvent = f.data.event;
    }
    this.authorized = true;
    this.touch();
    this.syncMarks();
    return this.positionsChange;
  }

  /** The server refused the token or ended the stream: what was shown goes. */
  unauthorized(): ReadonlySet<string> {
    this.setRows(null);
    this.authorized = false;
    this.touch();
    this.syncMarks();
    return this.positionsChange;
  }

  /** Frames were lost on the socket: a POSITION push may be among them, so the snapshot is asked again. */
  onGap(): void {
    if (this.positionRelease && this.token !== null) this.host.resubscribe({ type: 'POSITION', token: this.token });
  }

  dispose(): void {
    this.markSubs.clear();
    this.marks.clear();
    this.positionRelease = null;
  }

  // ------------------------------------------------------------------ views

  markView(symbol: string): MarkView | undefined {
    return this.marks.get(symbol);
  }

  /** Built when asked, once per change (the host asks once per tab frame at most). */
  positionsView(): PositionsView {
    if (!this.dirty) return this.view;
    this.dirty = false;
    let positions: LivePosition[] | null = null;
    if (this.rows !== null) {
      const next = new Map<number, Valued>();
      positions = this.rows.map((row) => {
        const mark = this.marks.get(row.symbol) ?? null;
        const price = mark?.price ?? null;
        const old = this.valued.get(row.id);
        const v = old && old.row === row && old.price === price ? old : { row, price, live: this.value(row, mark) };
        next.set(row.id, v);
        return v.live;
      });
      this.valued = next;
    } else {
      this.valued = new Map();
    }
    this.view = {
      version: this.host.nextVersion(),
      positions,
      eventCount: this.eventCount,
      lastEvent: this.lastEvent,
      authorized: this.authorized,
    };
    return this.view;
  }

  // ------------------------------------------------------------------ internals

  /** The row with its figures at `mark` (FUT-7), by the shared function; null figures without a mark. */
  private value(row: Position, mark: MarkView | null): LivePosition {
    if (!mark) return { ...row, mark: null };
    try {
      const shares = new Decimal(row.shares);
      if (shares.lte(0)) return { ...row, mark: null };
      const pair = { shareNumber: new Decimal(row.quantity).div(shares).toFixed(), lossRate: row.lossRate };
      const fig = markFigures(pair, row, mark.price);
      return { ...row, mark: { price: mark.price, time: mark.time, ...fig } };
    } catch (err) {
      this.host.log?.('position_figures_failed', { id: row.id, error: String(err) });
      return { ...row, mark: null };
    }
  }

  private setRows(rows: Position[] | null): void {
    this.rows = rows;
    this.rowSymbols = new Set(rows?.map((r) => r.symbol) ?? []);
  }

  private touch(): void {
    this.dirty = true;
  }

  /** Holds POSITION exactly while `positions` is watched and a token is set. */
  private syncPositionStream(): void {
    const want = this.positionsWatched && this.token !== null;
    if (want && !this.positionRelease) {
      this.positionRelease = HELD_PENDING;
      const release = this.host.subscribe({ type: 'POSITION', token: this.token! });
      if (this.positionRelease === HELD_PENDING) this.positionRelease = release;
      else release();
    } else if (!want && this.positionRelease) {
      const release = this.positionRelease;
      this.positionRelease = null;
      release();
    }
  }

  /** Holds MARK for every watched mark topic, and for every open position's symbol while `positions` is watched. */
  private syncMarks(): void {
    const want = new Set(this.markTopics);
    if (this.positionsWatched) for (const s of this.rowSymbols) want.add(s);
    for (const [symbol, release] of this.markSubs) {
      if (want.has(symbol)) continue;
      this.markSubs.delete(symbol);
      this.marks.delete(symbol);
      release();
    }
    for (const symbol of want) {
      if (this.markSubs.has(symbol)) continue;
      this.markSubs.set(symbol, HELD_PENDING);
      const release = this.host.subscribe({ type: 'MARK', symbol });
      if (this.markSubs.get(symbol) === HELD_PENDING) this.markSubs.set(symbol, release);
      else release();
    }
  }
}
