/**
 * The structure of the user's positions view (PERF-84): everything of it but the rows' live figures. A view that
 * only moved its marks (a row's `mark`: price, PnL, return, margin ratio) keeps the structure of the view before
 * it; one that opened, closed or resized a position, changed any other field of a row (margin, TP/SL, the
 * liquidation price, funding), gave a row its first mark or took it away, told a new event or lost the session
 * has a new one. A component that renders or decides on the structure only commits when it changes.
 */
import type { LivePosition, PositionsView } from '../../engine';

type Row = Readonly<Record<string, unknown>>;

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A nested value (a closed position's evidence) arrives as a new object with every batch: compare its text.
  return (
    typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    JSON.stringify(a) === JSON.stringify(b)
  );
}

/** Whether two rows differ only in their live figures (`mark`), a mark's presence counting as structure. */
export function sameRowStructure(a: LivePosition, b: LivePosition): boolean {
  if (a === b) return true;
  if ((a.mark == null) !== (b.mark == null)) return false;
  const x = a as unknown as Row;
  const y = b as unknown as Row;
  const keys = Object.keys(x).filter((k) => k !== 'mark');
  if (keys.length !== Object.keys(y).filter((k) => k !== 'mark').length) return false;
  return keys.every((k) => k in y && sameValue(x[k], y[k]));
}

/**
 * Whether two views have the same structure. `lastEvent` changes only with `eventCount`, so the count stands for
 * both.
 */
export function samePositionStructure(a: PositionsView | undefined, b: PositionsView | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.authorized !== b.authorized || a.eventCount !== b.eventCount) return false;
  const p = a.positions;
  const q = b.positions;
  if (p === q) return true;
  if (!p || !q || p.length !== q.length) return false;
  return p.every((row, i) => sameRowStructure(row, q[i]));
}

/**
 * A keeper of structure: given each new view, answers the view it kept while the structure holds, else the new
 * view (which it keeps). Its answer's identity changes exactly when the structure does; the rows' figures in it
 * are those of the view it kept.
 */
export function structureKeeper(): (view: PositionsView | undefined) => PositionsView | undefined {
  let seen: PositionsView | undefined;
  let kept: PositionsView | undefined;
  return (view) => {
    if (view === seen) return kept;
    seen = view;
    if (!samePositionStructure(kept, view)) kept = view;
    return kept;
  };
}
