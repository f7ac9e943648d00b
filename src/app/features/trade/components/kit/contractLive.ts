/**
 * The trading kit's own contracts of a contract mode (second contracts' and options', SECUI-5..8, OUI-5..7), the
 * mode's lists and words passed in: the open list and the settled pages (`useOwnContracts` keeps what was placed or
 * settled here), the pushes that tell a contract of the mode opened or settled (USER_STATUS of the mode's kind;
 * SETTLEMENT once the worker hands it on), the settlement told once in a toast, the orders whose reply never came
 * (looked for again until found or given up), and a last-resort check when a countdown reaches zero and no push
 * follows (the socket may be down). Also the display name of any pair. The countdowns' server clock offset is
 * `useServerOffset` (market/serverClock.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import type { SettlementData } from '../../../../../shared/protocol';
import type { QueryResult } from '../../../../data/useQuery';
import { mergeCoinLists, type CoinLists } from '../../../../market/coins';
import { useLiveAccount } from '../../../../market/hooks';
import { useStatusRefetch } from '../../../../market/useStatusRefetch';
import { settings } from '../../../../state/settings';
import { toast, type Toast } from '../../../../state/toast';
import { clock, type TimerHandle } from '../../../../time/clock';
import type { Lookup } from './contractOrders';
import { useOwnContracts } from './ownContracts';

/** While an order's outcome is unknown, it is looked for again this often (until found or given up). */
const PENDING_RECHECK_MS = 10_000;
/** A settlement toast stays this long (twice the default: it carries a result and an amount). */
const SETTLEMENT_TOAST_MS = 4_000;
/** After a countdown reaches zero without a push: ask for the lists at these delays, then stop. */
const CLOSE_CHECKS_MS = [2_000, 6_000] as const;
/** Countdowns ending this close together share one set of checks. */
const CLOSE_CHECKS_COALESCE_MS = 1_000;

type Settlement<K extends SettlementData['kind']> = Extract<SettlementData, { kind: K }>;
/** A settled contract as its toast tells it. */
interface Settled {
  id: number;
}

/**
 * A contract mode: its lists (a page of its contracts, `O`), its push kind, its order of open contracts, its lost
 * orders (`P`) and its words.
 */
export interface ContractMode<Page extends { rows: O[] }, O extends { id: number }, P, S extends Settled> {
  /** The kind of its USER_STATUS and SETTLEMENT pushes. */
  kind: SettlementData['kind'];
  useOpen: (uid: string) => QueryResult<Page>;
  useSettled: (uid: string, page: number) => QueryResult<Page>;
  /** Settled contracts a page. */
  pageSize: number;
  order: (a: O, b: O) => number;
  /** Its lists changed on the server: fetch every shown one again. */
  changed: () => void;
  /** A settled row as its toast tells it; null for a row not settled. */
  settledOf: (row: O) => S | null;
  toastOf: (s: S) => { message: string; kind: Toast['kind'] };
  /** The orders whose reply never came, as stored; what became of one; what the screen says of one given up. */
  stored: () => P[];
  resolve: (pending: P, localNow: number) => Promise<Lookup<O>>;
  onGone: (pending: P) => void;
}

/** The signed-in user's (`uid`, '' signed out) own contracts of `mode`, with their pushes, toasts and lost orders. */
export function useContracts<Page extends { rows: O[] }, O extends { id: number }, P, S extends Settled>(
  uid: string,
  mode: ContractMode<Page, O, P, S>,
) {
  const openQ = mode.useOpen(uid);
  const [page, setPage] = useState(1);
  const settledQ = mode.useSettled(uid, page);
  const latestRows = mode.useSettled(uid, 1).data?.rows;
  const own = useOwnContracts({ open: openQ.data, latestSettled: latestRows, order: mode.order });
  const { onPlaced, settledHere } = own;
  const announce = useSettlementToasts({ own, latestSettled: latestRows, mode });
  const lost = usePendingOrders({ signedIn: uid !== '', onFound: onPlaced, mode });
  const { recheck } = lost;
  useContractPushes(
    mode.kind,
    () => {
      mode.changed();
      if (mode.stored().length > 0) void recheck();
    },
    (s) => {
      settledHere(s.id);
      announce(s as unknown as S);
      mode.changed();
    },
  );
  const onClosed = useCloseChecks(mode.changed);
  return {
    own,
    latestRows,
    /** The open list's props: its rows (`own.openRows`), the query's state, and the countdowns' end. */
    openList: { rows: own.openRows, state: openQ, onClosed },
    /** The settled list's props: the page shown and the query's state. */
    settledList: { page, pageSize: mode.pageSize, state: settledQ, onPage: setPage },
    ...lost,
  };
}

/** The platform's pairs as market rows, and the display name of any pair ("BTC/USDT"; the symbol upper-cased when unknown). */
export function usePairNames() {
  const snap = useSnapshot(settings);
  const rows = useMemo(() => mergeCoinLists(snap.coins as unknown as CoinLists), [snap.coins]);
  const pairOf = useCallback(
    (s: string) => rows.find((r) => r.symbol.toLowerCase() === s.toLowerCase())?.display ?? s.toUpperCase(),
    [rows],
  );
  return { rows, pairOf };
}

/**
 * Calls `onStatus` when the server reports a contract of `kind` opened or settled (USER_STATUS, LIVE-2), and
 * `onSettlement` with the payload of each SETTLEMENT push of that kind (LIVE-3).
 */
function useContractPushes<K extends SettlementData['kind']>(
  kind: K,
  onStatus: () => void,
  onSettlement: (s: Settlement<K>) => void,
): void {
  useStatusRefetch([kind], onStatus);
  const live = useLiveAccount();
  const latest = useRef(onSettlement);
  useEffect(() => {
    latest.current = onSettlement;
  });
  const settlementCount = live?.settlementCount ?? 0;
  const settlement = live?.lastSettlement ?? null;
  const firstSettlement = useRef(settlementCount);
  useEffect(() => {
    if (settlementCount === firstSettlement.current) return;
    firstSettlement.current = settlementCount;
    if (settlement?.kind === kind) latest.current(settlement as Settlement<K>);
  }, [settlementCount, settlement, kind]);
}

/**
 * `announce(s)` toasts a contract's settlement once (`own.toasted`), in the words of `toastOf`; a contract seen
 * open here that the latest settled page shows settled (`settledOf` is null for one that is not) is announced too.
 */
function useSettlementToasts<O extends { id: number }, S extends Settled>(p: {
  own: { seenOpen: RefObject<Set<number>>; toasted: RefObject<Set<number>> };
  latestSettled: readonly O[] | undefined;
  mode: Pick<ContractMode<{ rows: O[] }, O, unknown, S>, 'settledOf' | 'toastOf'>;
}): (s: S) => void {
  const { own, latestSettled } = p;
  const words = useRef(p.mode);
  useEffect(() => {
    words.current = p.mode;
  });
  const announce = useCallback(
    (s: S) => {
      if (own.toasted.current.has(s.id)) return;
      own.toasted.current.add(s.id);
      const { message, kind } = words.current.toastOf(s);
      toast(message, { kind, duration: SETTLEMENT_TOAST_MS });
    },
    [own.toasted],
  );
  useEffect(() => {
    for (const row of latestSettled ?? []) {
      const s = words.current.settledOf(row);
      if (s && own.seenOpen.current.has(s.id)) announce(s);
    }
  }, [latestSettled, announce, own.seenOpen]);
  return announce;
}

/**
 * The orders whose reply never came (SECUI-5, OUI-5), as stored (`stored()`: they survive a reload), looked for
 * again (`resolve`) every PENDING_RECHECK_MS while signed in and any is left, and when `recheck()` is called:
 * one found is `onFound`, one given up is the mode's `onGone`. `refresh()` reads the stored ones again.
 */
function usePendingOrders<O extends { id: number }, P>(p: {
  signedIn: boolean;
  onFound: (order: O) => void;
  mode: Pick<ContractMode<{ rows: O[] }, O, P, Settled>, 'stored' | 'resolve' | 'onGone'>;
}) {
  const [pending, setPending] = useState<P[]>(p.mode.stored);
  const handlers = useRef(p);
  useEffect(() => {
    handlers.current = p;
  });
  const checking = useRef(false);
  const refresh = useCallback(() => setPending(handlers.current.mode.stored()), []);
  const recheck = useCallback(async () => {
    if (checking.current) return;
    checking.current = true;
    const { mode, onFound } = handlers.current;
    try {
      for (const one of mode.stored()) {
        const r = await mode.resolve(one, clock.now()).catch(() => null);
        if (r?.kind === 'found') onFound(r.order);
        else if (r?.kind === 'gone') mode.onGone(one);
      }
    } finally {
      checking.current = false;
      refresh();
    }
  }, [refresh]);
  const hasPending = p.signedIn && pending.length > 0;
  useEffect(() => {
    if (!hasPending) return;
    void recheck();
    const id = clock.setInterval(() => void recheck(), PENDING_RECHECK_MS);
    return () => clock.clearInterval(id);
  }, [hasPending, recheck]);
  return { pending, hasPending, recheck, refresh };
}

/** `check()` runs `refetch` at CLOSE_CHECKS_MS after the call (timers end with the component). */
function useCloseChecks(refetch: () => void): () => void {
  const timers = useRef(new Set<TimerHandle>());
  const lastCall = useRef(-Infinity);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    const set = timers.current;
    return () => {
      for (const id of set) clock.clearTimeout(id);
      set.clear();
    };
  }, []);
  return useCallback(() => {
    const now = clock.now();
    if (now - lastCall.current < CLOSE_CHECKS_COALESCE_MS) return;
    lastCall.current = now;
    for (const ms of CLOSE_CHECKS_MS) {
      const id = clock.setTimeout(() => {
        timers.current.delete(id);
        latest.current();
      }, ms);
      timers.current.add(id);
    }
  }, []);
}
