/**
 * The second-contract panel (/flash, PLAYING_SETTING SecondContract; SECUI-1..10): the order ticket (period
 * chips with their payout, stake with presets and the live available USDT, Up and Down with what a win pays),
 * the confirmation, and the user's open contracts (countdown on server time, entry and live price) and settled
 * contracts (result, payout, audit). One submission per intent; a lost reply is answered by looking for the
 * order, never by sending again. Settlement pushes move a contract to settled with a toast; the chart marks
 * entries and exits. Signed out: the periods and "Log in to trade".
 * Phone: one column. Desktop (where the order form sits): the ticket beside the lists when the slot is wide.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SecondDirection, SecondOrder } from '../../../../../shared/schemas/trading';
import { formatDecimal } from '../../../../i18n/format';
import { useIsDesktop } from '../../../../ui/useIsDesktop';
import { session } from '../../../../state/session';
import { toast } from '../../../../state/toast';
import { useAssetBalances } from '../../../../money/balances';
import { availableOf } from '../../../../money/transfer';
import { setChartMarks, type ChartMark } from '../../components/chart/chartMarks';
import { ConfirmSheet, type Draft } from './components/ConfirmSheet';
import { OpenContracts } from './components/OpenContracts';
import { OrderTicket, periodText } from './components/OrderTicket';
import { PendingNotice } from './components/PendingNotice';
import { SettledContracts } from './components/SettledContracts';
import { highestId, pickPeriod, serverNow, sortPeriods, STAKE_COIN } from './model/seconds';
import { checkStake } from './model/stake';
import {
  contractsChanged,
  pendingSeconds,
  placeSecondOrder,
  resolvePending,
  SETTLED_PAGE_SIZE,
  useOpenSeconds,
  usePeriods,
  useSettledSeconds,
} from './secondsData';
import { useServerOffset } from '../../../../market/serverClock';
import './seconds.css';
import { clock } from '../../../../time/clock';
import { ContractTabs } from '../../components/kit/ContractTabs';
import { useContracts, usePairNames } from '../../components/kit/contractLive';
import { OrderUnconfirmed } from '../../components/kit/contractOrders';

interface Props {
  /** The pair on screen; read from the route (`?symbol=`) when not given. */
  symbol?: string;
  /** The pair as the user reads it ("BTC/USDT"). */
  pair?: string;
}

const NEWEST_FIRST = (a: SecondOrder, b: SecondOrder) => b.id - a.id;

/** The pair of the panel and the display name of any pair (from the platform's coin lists). */
function usePanelPair(symbolProp: string | undefined) {
  const [params] = useSearchParams();
  const { rows, pairOf } = usePairNames();
  const wanted = (symbolProp ?? params.get('symbol') ?? '').trim();
  const row =
    rows.find((r) => r.list === 'coinList' && r.symbol === wanted) ??
    rows.find((r) => r.symbol === wanted) ??
    (wanted ? undefined : rows.find((r) => r.list === 'coinList'));
  const symbol = row?.symbol ?? (wanted || 'btcusdt');
  return { symbol, pairOf };
}

export function SecondsPanel({ symbol: symbolProp, pair: pairProp }: Props = {}) {
  const { t } = useTranslation('seconds');
  const titleId = useId();
  const desktop = useIsDesktop();
  const { isSign, userInfo } = useSnapshot(session);
  const uid = isSign ? (userInfo?.uid ?? '') : '';
  const { symbol, pairOf } = usePanelPair(symbolProp);
  const pair = pairProp ?? pairOf(symbol);

  // The ticket.
  const periodsQ = usePeriods(symbol);
  const periods = useMemo(() => sortPeriods(periodsQ.data ?? []), [periodsQ.data]);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const selected = pickPeriod(periods, periodId);
  const [stake, setStake] = useState('');
  const [touched, setTouched] = useState(false);
  const balances = useAssetBalances();
  const available = balances.data ? availableOf(balances.data, 'platform', STAKE_COIN) : undefined;
  const check = selected ? checkStake(selected, stake, available) : null;

  // The lists, their pushes and toasts, and the submissions whose reply never came (SECUI-5).
  const engineOffset = useServerOffset();
  const [replyOffset, setReplyOffset] = useState<number | null>(null);
  const offset = engineOffset ?? replyOffset;
  const { own, latestRows, openList, settledList, pending, hasPending, recheck, refresh } = useContracts(uid, {
    kind: 'second',
    useOpen: useOpenSeconds,
    useSettled: useSettledSeconds,
    pageSize: SETTLED_PAGE_SIZE,
    order: NEWEST_FIRST,
    changed: contractsChanged,
    settledOf: (o: SecondOrder) =>
      o.result ? { id: o.id, symbol: o.symbol, result: o.result, payout: o.payout ?? '0' } : null,
    toastOf: (s) => ({
      message: t(`toast.${s.result}`, { pair: pairOf(s.symbol), payout: formatDecimal(s.payout), coin: STAKE_COIN }),
      kind: s.result === 'win' ? 'success' : s.result === 'lose' ? 'error' : 'info',
    }),
    stored: pendingSeconds,
    resolve: resolvePending,
    onGone: (p) =>
      toast(t('notPlaced', { direction: t(p.direction), amount: formatDecimal(p.amount), coin: STAKE_COIN }), {
        kind: 'error',
        duration: 6000,
      }),
  });
  const { openRows, onPlaced } = own;

  // The confirmation and the order.
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmError, setConfirmError] = useState('');
  const pick = (direction: SecondDirection) => {
    setTouched(true);
    if (!selected || !check?.ok) return;
    setConfirmError('');
    setDraft({ symbol, pair, direction, amount: check.amount, period: selected });
  };
  const confirm = async () => {
    if (!draft || busy) return;
    setBusy(true);
    setConfirmError('');
    const at = clock.now();
    try {
      const order = await placeSecondOrder(
        { symbol: draft.symbol, direction: draft.direction, amount: draft.amount, periodId: draft.period.id },
        {
          afterId: highestId(openList.state.data?.rows, latestRows, openRows),
          since: offset === null ? 0 : serverNow(at, offset),
          at,
        },
      );
      // Without the engine's clock yet, the order's own open time sets the countdowns' clock.
      if (engineOffset === null) setReplyOffset(order.openTime - clock.now());
      onPlaced(order);
      setDraft(null);
      toast(
        t('placed', {
          direction: t(order.direction),
          amount: formatDecimal(order.amount),
          coin: STAKE_COIN,
          period: periodText(t, order.period),
        }),
        { kind: 'success' },
      );
    } catch (err) {
      if (err instanceof OrderUnconfirmed) {
        setDraft(null);
        refresh();
      } else setConfirmError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  // Chart marks: the entries of open contracts on this pair, and the contract picked in the settled list.
  const [marked, setMarked] = useState<SecondOrder | null>(null);
  useEffect(() => {
    const same = (s: string) => s.toLowerCase() === symbol.toLowerCase();
    const marks: ChartMark[] = openRows
      .filter((o) => same(o.symbol))
      .map((o) => ({ time: o.entry.time, price: o.entry.price, kind: 'entry', tone: o.direction, toEnd: true }));
    if (marked?.exit && same(marked.symbol)) {
      const tone = marked.result === 'win' ? 'up' : marked.result === 'lose' ? 'down' : 'neutral';
      marks.push({ time: marked.entry.time, price: marked.entry.price, kind: 'entry', tone: marked.direction });
      marks.push({ time: marked.exit.time, price: marked.exit.price, kind: 'exit', tone });
    }
    setChartMarks(symbol, marks);
  }, [openRows, marked, symbol]);
  useEffect(() => () => setChartMarks('', []), []);

  const ticket = (
    <OrderTicket
      periods={{
        status: periodsQ.status,
        periods,
        error: periodsQ.error,
        reload: periodsQ.reload,
      }}
      selected={selected}
      onSelect={setPeriodId}
      signedIn={uid !== ''}
      stake={stake}
      onStake={(v) => {
        setStake(v);
        setTouched(true);
      }}
      available={available}
      availableError={balances.status === 'error' && !balances.data}
      check={check}
      touched={touched}
      busy={busy}
      onPick={pick}
    />
  );

  return (
    <section className={`sec${desktop ? ' sec--desk' : ''}`} aria-labelledby={titleId} data-testid="seconds-panel">
      <h2 id={titleId} className="sec-title">
        {t('title')}
        <span className="sec-title__pair">{pair}</span>
      </h2>
      {hasPending && <PendingNotice pending={pending} onCheck={() => void recheck()} />}
      <div className="sec-body">
        {ticket}
        {uid !== '' && (
          <div className="sec-orders">
            <ContractTabs
              mode="seconds"
              label={t('title')}
              own={own}
              open={<OpenContracts {...openList} offset={offset} pairOf={pairOf} />}
              settled={
                <SettledContracts
                  {...settledList}
                  pairOf={pairOf}
                  onShowOnChart={(o) => setMarked((m) => (m?.id === o.id ? null : o))}
                  marked={marked?.id}
                />
              }
            />
          </div>
        )}
      </div>
      <ConfirmSheet
        draft={draft}
        desktop={desktop}
        busy={busy}
        error={confirmError}
        onConfirm={() => void confirm()}
        onClose={() => setDraft(null)}
      />
    </section>
  );
}
