/**
 * The per-user order limit in the order forms (SPOT-13; the server's orders bucket, SAFE-31). An order refused
 * with HTTP 429 reaches the form as the HTTP client's ApiError of kind 'rate-limited' with the whole seconds of
 * `Retry-After`: nothing was placed. The form then says so, counting down to zero, and keeps its submit buttons
 * disabled until the wait is over; nothing is sent again by itself (the user presses again, a new intent).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { clock } from '../../time/clock';

/** When an order refused by the limit may be placed again (ms), or undefined for any other failure. */
export function limitedUntil(err: unknown, now: number): number | undefined {
  if (!(err instanceof ApiError) || err.kind !== 'rate-limited') return undefined;
  return now + Math.max(1, err.retryAfterSec ?? 1) * 1000;
}

/** Whole seconds left of the wait (rounded up), 0 once it is over. */
export function secondsLeft(until: number | undefined, now: number): number {
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** How often the countdown is read again: often enough that each shown second is right within a tenth. */
const TICK_MS = 100;

export interface OrderLimit {
  /** Seconds left of the wait; 0 when the form may send. */
  seconds: number;
  /** Starts the wait if `err` is a refusal by the limit; true then (the caller shows nothing else). */
  refusedBy(err: unknown): boolean;
}

/** The form's wait after a refusal by the order limit, counted down on the page's clock. */
export function useOrderLimit(now: () => number = clock.now): OrderLimit {
  const [until, setUntil] = useState<number | undefined>(undefined);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (until === undefined) return;
    const read = () => {
      const s = secondsLeft(until, now());
      setSeconds(s);
      if (s === 0) setUntil(undefined);
    };
    read();
    const timer = clock.setInterval(read, TICK_MS);
    return () => clock.clearInterval(timer);
  }, [until, now]);
  const refusedBy = useCallback(
    (err: unknown) => {
      const u = limitedUntil(err, now());
      if (u === undefined) return false;
      setUntil(u);
      setSeconds(secondsLeft(u, now()));
      return true;
    },
    [now],
  );
  return { seconds, refusedBy };
}

/** "Too many orders: you can place another in N s", in the form's namespace (trade or futures). */
export function OrderLimitNotice({ seconds, ns }: { seconds: number; ns: 'trade' | 'futures' }) {
  const { t } = useTranslation(ns);
  if (seconds <= 0) return null;
  return (
    <p className="so-outcome is-bad" role="alert" data-testid="order-limit">
      {t('orderLimited', { seconds })}
    </p>
  );
}
