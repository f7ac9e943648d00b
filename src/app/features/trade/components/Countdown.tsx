/**
 * One open contract's countdown (SECUI-6) on server time: the close time (server ms) against the local clock
 * plus the engine's offset. It re-renders itself once a second, at the whole-second change, and nothing else
 * on the page does; at zero it calls `onClose` once.
 */
import { useEffect, useRef, useState } from 'react';
import { formatCountdown, msToNextTick, timeLeftMs } from './countdownTime';
import { clock } from '../../../time/clock';

interface Props {
  closeTime: number;
  /** serverNow - localNow in ms (null: unknown, the local clock is used). */
  offset: number | null;
  onClose?: () => void;
  /** The clock (tests pass a fixed one); the app clock by default. */
  now?: () => number;
}

export function Countdown({ closeTime, offset, onClose, now = clock.now }: Props) {
  const [, setTick] = useState(0);
  const left = timeLeftMs(closeTime, now(), offset);
  const closed = useRef(false);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });
  useEffect(() => {
    if (left <= 0) {
      if (!closed.current) {
        closed.current = true;
        latestClose.current?.();
      }
      return;
    }
    closed.current = false;
    const id = clock.setTimeout(() => setTick((n) => n + 1), msToNextTick(closeTime, now(), offset));
    return () => clock.clearTimeout(id);
  });
  return (
    <span className={`sec-timer${left <= 5000 ? ' sec-timer--soon' : ''}`} role="timer" data-left-ms={left}>
      {formatCountdown(left)}
    </span>
  );
}
