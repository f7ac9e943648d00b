/**
 * The shape checks every book runs before it touches anything (MATCH-7): a command that fails one is refused
 * with the sentence returned here and changes nothing. Checks that need the book's state (an id already used,
 * an order that is not open) live in the book.
 */
import type { Command } from './types';

function positiveSafe(n: unknown): boolean {
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
}

/** undefined when the command is well formed, else what is wrong with it. */
export function commandError(c: Command): string | undefined {
  if (c === null || typeof c !== 'object') return 'A command must be an object';
  if (!positiveSafe(c.id)) return `Order id must be a positive safe integer, got ${String(c.id)}`;
  if (typeof c.time !== 'number' || !Number.isFinite(c.time))
    return `Time must be a finite number, got ${String(c.time)}`;
  if (c.type === 'cancel') return undefined;
  if (c.type !== 'place') return `Unknown command type ${JSON.stringify((c as { type: unknown }).type)}`;
  if (typeof c.owner !== 'number' || !Number.isSafeInteger(c.owner)) {
    return `Owner must be a safe integer, got ${String(c.owner)}`;
  }
  if (c.group !== undefined && (typeof c.group !== 'number' || !Number.isSafeInteger(c.group))) {
    return `Group must be a safe integer, got ${String(c.group)}`;
  }
  if (c.side !== 'buy' && c.side !== 'sell') return `Side must be buy or sell, got ${JSON.stringify(c.side)}`;
  if (c.kind !== 'limit' && c.kind !== 'market') {
    return `Order type must be limit or market, got ${JSON.stringify(c.kind)}`;
  }
  if (!positiveSafe(c.price)) {
    const what = c.kind === 'market' ? 'Protection limit' : 'Price';
    return `${what} must be a positive whole number of ticks, got ${String(c.price)}`;
  }
  if (!positiveSafe(c.quantity)) return `Quantity must be a positive whole number of lots, got ${String(c.quantity)}`;
  return undefined;
}
