/**
 * The trading kit's list of a contract mode's own open contracts (second contracts' and options'): the server's
 * open list, with an order placed here shown until a list fetched after it has come (that list then decides), less
 * those known settled (a push here, `settledHere(id)`, or the latest settled page), in the mode's order; the open / settled tab (a new
 * order shows the open one); and the contracts seen open here, whose settlement is told once (`toasted`).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ContractTab } from './ContractTabs';

export function useOwnContracts<O extends { id: number }>(p: {
  open: { rows: O[] } | undefined;
  latestSettled: readonly { id: number }[] | undefined;
  order: (a: O, b: O) => number;
}) {
  const { open, latestSettled, order } = p;
  const [tab, setTab] = useState<ContractTab>('open');
  const [settled, setSettled] = useState<ReadonlySet<number>>(new Set());
  const settledHere = useCallback((id: number) => setSettled((s) => new Set([...s, id])), []);
  const [placed, setPlaced] = useState<{ order: O; seen: unknown }[]>([]);
  const openRows = useMemo(() => {
    const server = open?.rows ?? [];
    const ids = new Set(server.map((o) => o.id));
    const done = new Set([...settled, ...(latestSettled ?? []).map((o) => o.id)]);
    const mine = placed.filter((x) => x.seen === open && !ids.has(x.order.id)).map((x) => x.order);
    return [...mine, ...server].filter((o) => !done.has(o.id)).sort(order);
  }, [open, placed, settled, latestSettled, order]);
  const openData = useRef(open);
  useEffect(() => {
    openData.current = open;
  });
  const onPlaced = useCallback((o: O) => {
    const seen = openData.current;
    setPlaced((list) => [...list.filter((x) => x.seen === seen && x.order.id !== o.id), { order: o, seen }]);
    setTab('open');
  }, []);
  const seenOpen = useRef(new Set<number>());
  const toasted = useRef(new Set<number>());
  useEffect(() => {
    for (const o of openRows) seenOpen.current.add(o.id);
  }, [openRows]);
  return { tab, setTab, openRows, onPlaced, settledHere, seenOpen, toasted };
}
