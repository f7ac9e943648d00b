/**
 * The trading kit's order form state, for every mode with an order form (spot's and futures'): the price prefilled
 * once and taken from a pick in the order book, the intents an earlier page left unanswered, and one press as one
 * order intent with its outcome (orderIntents.ts). Each mode gives its namespace (the same keys in each), its
 * precision and its place / resolve calls.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useTicker } from '../../../../market/hooks';
import { toast } from '../../../../state/toast';
import { pricePrefill, sanitizeDecimalInput } from '../../model/spotForm';
import type { PlaceOutcome } from '../../orderIntents';
import { pricePick } from '../../orderPrice';

export type FormNs = 'trade' | 'futures';

/** What is shown under a form's buttons after a press. */
export type Outcome<Order> = { kind: 'checking' } | { kind: 'refused'; message: string } | PlaceOutcome<Order>;

/** The order book's last pick: `here` when it was made on this pair (a form opened after it starts with its price). */
export function useBookPick(symbol: string): { seq: number; price: string; here: boolean } {
  const pick = useSnapshot(pricePick);
  return { seq: pick.seq, price: pick.price, here: pick.seq > 0 && pick.symbol === symbol };
}

/**
 * The price prefilled once, with the first last price seen (unless `filled` already: a book pick made before the
 * form opened, a prefilled draft), and a level picked in the order book later (`onPick`, at the pair's precision).
 */
export function usePriceFill(p: {
  symbol: string;
  precision: number;
  filled: boolean;
  onFirst: (price: string) => void;
  onPick: (price: string) => void;
}): void {
  const pick = useSnapshot(pricePick);
  const [prefilled, setPrefilled] = useState(p.filled);
  const ticker = useTicker(prefilled ? undefined : p.symbol);
  const first = pricePrefill(ticker?.priceRaw, p.precision);
  if (!prefilled && first) {
    setPrefilled(true);
    p.onFirst(first);
  }
  const [seenPick, setSeenPick] = useState(pick.seq);
  if (pick.seq !== seenPick) {
    setSeenPick(pick.seq);
    if (pick.symbol === p.symbol) {
      setPrefilled(true);
      p.onPick(sanitizeDecimalInput(pick.price, p.precision));
    }
  }
}

/** A page opened while an earlier order's reply was still unanswered learns its outcome now (TRADE-13, FUI-8). */
export function useResumeIntents<Order extends { id: number }>(
  ns: FormNs,
  signedIn: unknown,
  resume: (onOutcome: (o: PlaceOutcome<Order>) => void) => Promise<void>,
): void {
  const { t } = useTranslation(ns);
  useEffect(() => {
    if (!signedIn) return;
    void resume((o) => {
      if (o.kind === 'placed') toast(t('resumedPlaced', { id: o.order.id }), { kind: 'success' });
      else if (o.kind === 'notPlaced') toast(t('resumedNotPlaced'), { kind: 'error' });
    });
  }, [signedIn, t, resume]);
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One press, one order intent: `busy` names what is being sent (a side; null when nothing), `outcome` what became
 * of it. A placed order toasts and tells `onPlaced` (the form clears its amounts and keeps focus, A11Y-10); a
 * refusal by the per-user order limit (SPOT-13) is the limit's to show (`refusedBy`, then `onLimit`).
 */
export function useOrderRun<Order, Key>(o: {
  ns: FormNs;
  onPlaced: () => void;
  refusedBy: (err: unknown) => boolean;
  onLimit: () => void;
}) {
  const { t } = useTranslation(o.ns);
  const [busy, setBusy] = useState<Key | null>(null);
  const [outcome, setOutcome] = useState<Outcome<Order> | null>(null);
  const show = (r: PlaceOutcome<Order>) => {
    if (r.kind !== 'placed') return setOutcome(r);
    setOutcome({ kind: 'placed', order: r.order, recovered: r.recovered });
    toast(t('placedToast'), { kind: 'success' });
    o.onPlaced();
  };
  const checking = () => setOutcome({ kind: 'checking' });
  /** Sends one order (`place` is given `checking` for its lookups after a lost reply). */
  const run = async (key: Key, place: (checking: () => void) => Promise<PlaceOutcome<Order>>) => {
    setBusy(key);
    setOutcome(null);
    try {
      show(await place(checking));
    } catch (err) {
      // The form shows the wait (SPOT-13); the buttons wait too, so focus goes back to the amount (A11Y-10).
      if (o.refusedBy(err)) return o.onLimit();
      setOutcome({ kind: 'refused', message: messageOf(err) });
    } finally {
      setBusy(null);
    }
  };
  /** Asks again what became of an unconfirmed order (`key`: busy meanwhile). */
  const askAgain = async (resolve: () => Promise<PlaceOutcome<Order>>, key?: Key) => {
    if (key !== undefined) setBusy(key);
    checking();
    try {
      show(await resolve());
    } catch (err) {
      setOutcome({ kind: 'refused', message: messageOf(err) });
    } finally {
      if (key !== undefined) setBusy(null);
    }
  };
  return { busy, outcome, run, askAgain };
}
