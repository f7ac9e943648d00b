/**
 * The options screen's state (OUI-*), shared by the desktop and phone layouts: the chain and the expiry shown,
 * the pick and the ticket (quantity, firm quote, the purchase through optionsData), the user's open and settled
 * options, the purchases whose reply never came, and the pushes that tell an option was bought or settled (a
 * toast on settlement). Returns the rendered parts; each layout places them.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OptionKind, OptionOrder, OptionTenor } from '../../../../../shared/schemas/options';
import { formatDecimal } from '../../../../i18n/format';
import { session } from '../../../../state/session';
import { settings } from '../../../../state/settings';
import { toast } from '../../../../state/toast';
import type { CoinLists as SchemaCoinLists } from '../../../../../shared/schemas/coins';
import { streamSymbol } from '../../../../market/coins';
import { useAssetBalances } from '../../../../money/balances';
import { availableOf } from '../../../../money/transfer';
import { useServerOffset } from '../../../../market/serverClock';
import { OptionBoard, type OptionPick } from './components/OptionBoard';
import { OptionTicket, type HeldQuote } from './components/OptionTicket';
import { OpenOptions, SettledOptions } from './components/MyOptions';
import {
  checkTicket,
  DEFAULT_QUANTITY_DECIMALS,
  OPTION_COIN,
  pickExpiry,
  serverNow,
  sortExpiries,
  trimZeros,
} from './model/options';
import {
  buyAtQuote,
  optionsChanged,
  pendingOptions,
  requestQuote,
  resolvePendingOption,
  SETTLED_PAGE_SIZE,
  useOpenOptions,
  useOptionChain,
  useSettledOptions,
} from './optionsData';
import { clock } from '../../../../time/clock';
import { ContractTabs } from '../../components/kit/ContractTabs';
import { useContracts, usePairNames } from '../../components/kit/contractLive';
import { OrderUnconfirmed } from '../../components/kit/contractOrders';
import { PendingNotice } from '../../components/kit/PendingNotice';

const localNow = () => clock.now();

/** Open options: the soonest expiry first, then the newest. */
const SOONEST_FIRST = (a: OptionOrder, b: OptionOrder) => a.expiry - b.expiry || b.id - a.id;

export interface OptionsParts {
  board: ReactNode;
  /** The ticket, or null while nothing is picked. */
  ticket: ReactNode | null;
  mine: ReactNode;
  pending: ReactNode | null;
  pick: OptionPick | null;
  clearPick: () => void;
}

export function useOptionsScreen(symbol: string, opts: { clearOnBuy?: boolean } = {}): OptionsParts {
  const { t } = useTranslation('options');
  const { isSign, userInfo } = useSnapshot(session);
  const uid = isSign ? (userInfo?.uid ?? '') : '';
  const snap = useSnapshot(settings);
  const { rows, pairOf } = usePairNames();
  const lists = snap.coins as unknown as SchemaCoinLists;
  const optionPair = (lists.optionList ?? []).find((p) => streamSymbol(p) === symbol);
  const spotPair = (lists.currencyList ?? []).find((p) => streamSymbol(p) === symbol);
  const quantityDecimals = spotPair?.coinPrecision ?? DEFAULT_QUANTITY_DECIMALS;
  const base = (optionPair?.coin ?? rows.find((r) => r.symbol === symbol)?.base ?? symbol).toUpperCase();

  // The chain and the server clock.
  const chainQ = useOptionChain(symbol);
  const chain = chainQ.data;
  const engineOffset = useServerOffset();
  const [chainOffset, setChainOffset] = useState<number | null>(null);
  useEffect(() => {
    if (chain) setChainOffset(chain.time - localNow());
  }, [chain]);
  const offset = engineOffset ?? chainOffset;
  const expiries = useMemo(() => sortExpiries(chain?.expiries ?? []), [chain]);
  const [tenor, setTenor] = useState<OptionTenor | null>(null);
  const selected = pickExpiry(expiries, tenor, serverNow(localNow(), offset));

  // The ticket.
  const [pick, setPick] = useState<OptionPick | null>(null);
  const [quantity, setQuantityRaw] = useState('');
  const [quote, setQuote] = useState<HeldQuote | null>(null);
  const [busy, setBusyState] = useState<'quote' | 'buy' | null>(null);
  // The guard reads a ref: a quote asked right after a refused purchase must not see the purchase's busy state.
  const busyRef = useRef<'quote' | 'buy' | null>(null);
  const setBusy = (b: 'quote' | 'buy' | null) => {
    busyRef.current = b;
    setBusyState(b);
  };
  const [refusal, setRefusal] = useState('');
  const [, setExpiredTick] = useState(0);
  const choose = (p: OptionPick | null) => {
    setPick(p);
    setQuote(null);
    setRefusal('');
  };
  const setQuantity = (q: string) => {
    setQuantityRaw(q);
    setQuote(null);
    setRefusal('');
  };
  const balances = useAssetBalances();
  const available = balances.data ? availableOf(balances.data, 'platform', OPTION_COIN) : undefined;
  const srvNow = serverNow(localNow(), offset);
  const check = pick
    ? checkTicket({
        open: optionPair ? optionPair.status : true,
        quantity,
        quantityDecimals,
        quote: quote
          ? { premium: quote.premium, total: quote.total, expiresAt: quote.localExpiresAt + (offset ?? 0) }
          : undefined,
        available,
        expiry: pick.expiry,
        now: srvNow,
      })
    : null;
  const pickedExpiry = pick ? expiries.find((e) => e.expiry === pick.expiry) : undefined;
  const indicative = pickedExpiry?.strikes.find((k) => k.strike === pick?.strike)?.[pick?.kind ?? 'call'];

  const getQuote = async (keepRefusal = false) => {
    if (!pick || busyRef.current) return;
    setBusy('quote');
    if (!keepRefusal) setRefusal('');
    try {
      const q = await requestQuote({
        symbol,
        kind: pick.kind,
        expiry: pick.expiry,
        strike: pick.strike,
        quantity: quantity.trim(),
      });
      setQuote({ ...q, localExpiresAt: localNow() + (q.expiresAt - q.serverTime) });
    } catch (err) {
      setQuote(null);
      setRefusal(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  // The lists, their pushes (USER_STATUS and SETTLEMENT kind "option") and toasts, and the purchases whose reply
  // never came (OUI-5).
  const { own, openList, settledList, pending, hasPending, recheck, refresh } = useContracts(uid, {
    kind: 'option',
    useOpen: useOpenOptions,
    useSettled: useSettledOptions,
    pageSize: SETTLED_PAGE_SIZE,
    order: SOONEST_FIRST,
    changed: optionsChanged,
    settledOf: (o: OptionOrder) =>
      o.status === 'settled' ? { id: o.id, symbol: o.symbol, payout: o.payout ?? '0' } : null,
    toastOf: (s) => {
      const won = /[1-9]/.test(s.payout);
      const words = { pair: pairOf(s.symbol), payout: formatDecimal(trimZeros(s.payout)), coin: OPTION_COIN };
      return { message: t(won ? 'toast.paid' : 'toast.expired', words), kind: won ? 'success' : 'info' };
    },
    stored: pendingOptions,
    resolve: resolvePendingOption,
    onGone: (p) =>
      toast(t('notBought', { kind: t(`kind.${p.kind}`), strike: formatDecimal(p.strike) }), {
        kind: 'error',
        duration: 6000,
      }),
  });
  const { onPlaced } = own;

  const { clearOnBuy } = opts;
  const buy = async () => {
    if (!quote || busyRef.current) return;
    setBusy('buy');
    setRefusal('');
    let refused = '';
    try {
      const order = await buyAtQuote(quote, localNow());
      onPlaced(order);
      setQuote(null);
      toast(
        t('bought', {
          kind: t(`kind.${order.kind}`),
          pair: pairOf(order.symbol),
          strike: formatDecimal(order.strike),
          quantity: formatDecimal(order.quantity),
        }),
        { kind: 'success' },
      );
      if (clearOnBuy) choose(null);
    } catch (err) {
      if (err instanceof OrderUnconfirmed) {
        setQuote(null);
        refresh();
      } else refused = err instanceof Error ? err.message : String(err);
    } finally {
      setBusy(null);
    }
    if (refused) {
      // The server's words (an expired quote's carry the new price), and a new firm quote to confirm again.
      setRefusal(refused);
      setQuote(null);
      await getQuoteAfterRefusal();
    }
  };
  const getQuoteRef = useRef(getQuote);
  useEffect(() => {
    getQuoteRef.current = getQuote;
  });
  const getQuoteAfterRefusal = () => getQuoteRef.current(true);

  const board = (
    <OptionBoard
      state={chainQ}
      chain={chain}
      expiries={expiries}
      selected={selected}
      onTenor={setTenor}
      offset={offset}
      picked={pick}
      onPick={(p) => choose(p)}
      onExpired={chainQ.reload}
    />
  );
  const ticket = pick ? (
    <OptionTicket
      pick={pick}
      pair={pairOf(symbol)}
      base={base}
      indicative={indicative}
      onKind={(kind: OptionKind) => choose({ ...pick, kind })}
      signedIn={uid !== ''}
      quantity={quantity}
      onQuantity={setQuantity}
      quantityDecimals={quantityDecimals}
      available={available}
      availableError={balances.status === 'error' && !balances.data}
      quote={quote}
      check={check ?? { ok: false, rule: 'quote', message: '' }}
      busy={busy}
      refusal={refusal}
      onQuote={() => void getQuote()}
      onBuy={() => void buy()}
      onQuoteExpired={() => setExpiredTick((n) => n + 1)}
    />
  ) : null;

  const mine =
    uid === '' ? null : (
      <section className="opt-mine" aria-label={t('mine.title')} data-testid="options-mine">
        <ContractTabs
          mode="options"
          label={t('mine.title')}
          own={own}
          open={<OpenOptions {...openList} offset={offset} pairOf={pairOf} />}
          settled={<SettledOptions {...settledList} pairOf={pairOf} />}
        />
      </section>
    );

  const pendingView = hasPending ? (
    <PendingNotice
      mode="options"
      orders={pending.map((p) => ({
        key: `${p.symbol}:${p.kind}:${p.strike}:${p.expiry}:${p.at}`,
        text: t('unconfirmed', {
          pair: pairOf(p.symbol),
          kind: t(`kind.${p.kind}`),
          strike: formatDecimal(p.strike),
          quantity: formatDecimal(p.quantity),
        }),
      }))}
      onCheck={() => void recheck()}
    />
  ) : null;

  return { board, ticket, mine, pending: pendingView, pick, clearPick: () => choose(null) };
}
