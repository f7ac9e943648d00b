/**
 * The futures order form (FUI-4..FUI-7): leverage from the pair's list, open / close, limit / market, the size
 * in shares or in USDT of margin (turned into whole shares by the shared `sharesForMargin`, and shown as shares),
 * take-profit and stop-loss when opening, the contract account's available USDT with a link to transfer. Before
 * anything is sent each side shows what the shared `checkFuturesOrder` says the order will do: cost, fee,
 * liquidation price and margin after (PnL for a close); its button names the first rule that fails. One press is
 * one intent (futuresOrders.ts): a lost reply is looked up by its clientOrderId, never sent again.
 *
 * Desktop: Long and Short side by side, each with its preview. The phone's sheet: one side, with a switch.
 * Cost: the form never follows ticks: the last price once (the prefill), the mark when it moves (one a second at
 * most), the top of the book only while a market order or a USDT size needs it.
 *
 * Each side's preview and button are in FuturesSideBlock.tsx, the outcome line in FuturesOrderOutcome.tsx. An
 * order refused by the per-user order limit (HTTP 429) shows the wait counting down, and the buttons wait for it
 * (SPOT-13, ../../orderLimit.tsx).
 *
 * A11Y-10, A11Y-16 as on the spot form: after an order is placed focus waits in the size; after a refusal by the
 * form's own rule (Enter in a field while it fails) focus moves to the field at fault, which is marked invalid and
 * described by the rule its side's button names. The buttons are not disabled while an order is sent.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesState } from '../../../../../shared/trading/futuresChecks';
import { MARGIN_COIN, leverages, type FuturesSide } from '../../../../../shared/trading/futuresRules';
import { ApiError } from '../../../../api/client';
import { formatDecimal } from '../../../../i18n/format';
import { useDepth, useMark, useTicker } from '../../../../market/hooks';
import { session } from '../../../../session/store';
import { toast } from '../../../../ui/toast';
import { WALLET_PATHS } from '../../../wallet/paths';
import { useAssetBalances } from '../../../../money/balances';
import { useLanguage } from '../../../../ui/Price';
import { pricePrefill, sanitizeDecimalInput } from '../../model/spotForm';
import { pricePick } from '../../orderPrice';
import {
  placeFuturesOrder,
  resolveFuturesIntent,
  resumeFuturesIntents,
  type FuturesPlaceOutcome,
} from '../../futuresOrders';
import { useFuturesOrders, useOpenPositions } from '../../futuresLists';
import {
  checkSide,
  defaultLeverage,
  pendingOpenShares,
  positionState,
  type BookTop,
  type FuturesDraft,
  SIZE_STOPS,
  marginAtShare,
  sideKey,
} from './futuresForm';
import { OutcomeLine, type Outcome } from './FuturesOrderOutcome';
import { OrderLimitNotice, useOrderLimit } from '../../orderLimit';
import { SideBlock } from './FuturesSideBlock';

/** The account futures margin is paid from (spec 3.4's contract account). */
export const CONTRACT_ACCOUNT = 'contract';
/** How often the form takes a new mark (for the TP/SL check): once a second is plenty for a form. */
const FORM_MARK_MS = 1000;

/** The contract account's available USDT, live (OWNCOIN through the worker); undefined while it loads. */
export function useContractAvailable(): string | undefined {
  const balances = useAssetBalances();
  if (!balances.data) return undefined;
  const row = balances.data.find((r) => r.account === CONTRACT_ACCOUNT && r.coin.toUpperCase() === MARGIN_COIN);
  return row?.available ?? '0';
}

export interface FuturesOrderFormProps {
  pair: ContractPair;
  layout: 'desk' | 'sheet';
  side?: FuturesSide;
  onPlaced?: () => void;
  /** A prefilled form (fields over the defaults): a link that repeats an order, and the tests. */
  initialDraft?: Partial<FuturesDraft>;
}

export function FuturesOrderForm({
  pair,
  layout,
  side: initialSide = 'long',
  onPlaced,
  initialDraft,
}: FuturesOrderFormProps) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const id = useId();
  const symbol = pair.symbol.toLowerCase();
  const { isSign, token } = useSnapshot(session);
  const uid = isSign ? token : '';
  const pick = useSnapshot(pricePick);
  const pickedHere = pick.seq > 0 && pick.symbol === symbol;
  const [side, setSide] = useState<FuturesSide>(initialSide);
  const [draft, setDraft] = useState<FuturesDraft>(() => ({
    action: 'open',
    type: 'limit',
    leverage: defaultLeverage(pair),
    price: pickedHere ? sanitizeDecimalInput(pick.price, pair.baseScale) : '',
    size: '',
    unit: 'shares',
    takeProfit: '',
    stopLoss: '',
    withTpSl: false,
    ...initialDraft,
  }));
  const update = (next: Partial<FuturesDraft>) => setDraft((d) => ({ ...d, ...next }));

  // The price is prefilled once with the first last price seen (or a book pick made before the form opened).
  const [prefilled, setPrefilled] = useState(pickedHere || Boolean(initialDraft?.price));
  const ticker = useTicker(prefilled ? undefined : symbol);
  const first = pricePrefill(ticker?.priceRaw, pair.baseScale);
  if (!prefilled && first) {
    setPrefilled(true);
    setDraft((d) => ({ ...d, price: d.price || first }));
  }
  const [seenPick, setSeenPick] = useState(pick.seq);
  if (pick.seq !== seenPick) {
    setSeenPick(pick.seq);
    if (pick.symbol === symbol) {
      setPrefilled(true);
      setDraft((d) => ({ ...d, type: 'limit', price: sanitizeDecimalInput(pick.price, pair.baseScale) }));
    }
  }

  const available = useContractAvailable();
  const positions = useOpenPositions(uid);
  const openOrders = useFuturesOrders(uid, 'open', symbol, 1, 100);
  const mark = useMark(symbol, FORM_MARK_MS)?.price;
  const [book, setBook] = useState<BookTop>({});
  const needsBook = draft.type === 'market' || draft.unit === 'usdt';

  const stateFor = (s: FuturesSide): FuturesState => ({
    ...book,
    ...(mark ? { mark } : {}),
    available: available ?? '0',
    position: positionState(positions.rows, symbol, s),
    pendingOpenShares: pendingOpenShares(openOrders.data?.rows, symbol, s),
  });

  // A page opened while an earlier order's reply was still unanswered learns its outcome now (FUI-8).
  useEffect(() => {
    if (!uid) return;
    void resumeFuturesIntents((o) => {
      if (o.kind === 'placed') toast(t('resumedPlaced', { id: o.order.id }), { kind: 'success' });
      else if (o.kind === 'notPlaced') toast(t('resumedNotPlaced'), { kind: 'error' });
    });
  }, [uid, t]);

  const [busy, setBusy] = useState<FuturesSide | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sides: FuturesSide[] = layout === 'desk' ? ['long', 'short'] : [side];

  // A11Y-10, A11Y-16: the field the first failing side's rule is about (the leverage is chosen, never wrong).
  const [touched, setTouched] = useState(false);
  const refs = {
    price: useRef<HTMLInputElement>(null),
    size: useRef<HTMLInputElement>(null),
    takeProfit: useRef<HTMLInputElement>(null),
    stopLoss: useRef<HTMLInputElement>(null),
  };
  type FieldKey = keyof typeof refs;
  const failing = uid
    ? sides.map((s) => ({ s, check: checkSide(pair, draft, s, stateFor(s)).check })).find((x) => !x.check.ok)
    : undefined;
  const failedField: FieldKey | undefined =
    failing && !failing.check.ok
      ? failing.check.field === 'shares'
        ? 'size'
        : failing.check.field === 'price' || failing.check.field === 'takeProfit' || failing.check.field === 'stopLoss'
          ? failing.check.field
          : undefined
      : undefined;
  const invalid = (f: FieldKey) => failedField === f && (touched || draft[f] !== '');
  /** The field's error attributes: marked invalid, described by its side's button's rule. */
  const errorOf = (f: FieldKey) =>
    !invalid(f) || !failing
      ? {}
      : busy === null && limit.seconds === 0
        ? { 'aria-invalid': true, 'aria-describedby': `${id}-why-${failing.s}` }
        : { 'aria-invalid': true };
  const focusField = (f: FieldKey | undefined) => (f ? refs[f] : refs.size).current?.focus();
  // Enter in a field while a rule fails: the field at fault is shown and focused. With one side shown (the phone's
  // sheet) Enter places that side's order as the spot form does; with two the button chooses the side.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const el = e.target as HTMLInputElement;
    if (e.key !== 'Enter' || el.tagName !== 'INPUT' || el.type === 'checkbox' || !uid) return;
    e.preventDefault();
    const allFail = sides.every((s) => !checkSide(pair, draft, s, stateFor(s)).check.ok);
    if (allFail) {
      setTouched(true);
      focusField(failedField);
    } else if (sides.length === 1) void submit(sides[0], e);
  };
  // SPOT-13: after a refusal by the order limit, the wait (both sides: the limit is the user's).
  const limit = useOrderLimit();
  const show = (o: FuturesPlaceOutcome) => {
    if (o.kind === 'placed') {
      setOutcome({ kind: 'placed', order: o.order, recovered: o.recovered });
      update({ size: '', takeProfit: '', stopLoss: '' });
      setTouched(false);
      toast(t('placedToast'), { kind: 'success' });
      refs.size.current?.focus();
      onPlaced?.();
    } else setOutcome(o);
  };

  const submit = async (s: FuturesSide, e: FormEvent | KeyboardEvent) => {
    e.preventDefault();
    const { shares, check } = checkSide(pair, draft, s, stateFor(s));
    if (uid && !check.ok) {
      setTouched(true);
      return focusField(failedField);
    }
    if (busy || limit.seconds > 0 || !uid) return;
    setBusy(s);
    setOutcome(null);
    const opening = draft.action === 'open';
    try {
      const o = await placeFuturesOrder(
        {
          symbol,
          side: s,
          action: draft.action,
          type: draft.type,
          ...(draft.type === 'limit' ? { price: draft.price } : {}),
          shares,
          ...(opening ? { leverage: draft.leverage } : {}),
          ...(opening && draft.takeProfit ? { takeProfit: draft.takeProfit } : {}),
          ...(opening && draft.stopLoss ? { stopLoss: draft.stopLoss } : {}),
        },
        { onChecking: () => setOutcome({ kind: 'checking' }) },
      );
      show(o);
    } catch (err) {
      // The form shows the wait (SPOT-13); the buttons wait too, so focus goes back to the size (A11Y-10).
      if (limit.refusedBy(err)) return refs.size.current?.focus();
      setOutcome({
        kind: 'refused',
        message: err instanceof ApiError || err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(null);
    }
  };

  const askAgain = async (intent: string) => {
    setOutcome({ kind: 'checking' });
    try {
      show(await resolveFuturesIntent(intent));
    } catch (err) {
      setOutcome({ kind: 'refused', message: err instanceof Error ? err.message : String(err) });
    }
  };

  const opening = draft.action === 'open';
  const priceId = `${id}-price`;
  const sizeId = `${id}-size`;
  const tpId = `${id}-tp`;
  const slId = `${id}-sl`;
  return (
    <section
      className={`so fo so--${layout}`}
      aria-label={t('orderForm')}
      onKeyDown={onKeyDown}
      data-testid="futures-order-form"
    >
      {needsBook && <BookWatch pair={pair} onTop={setBook} />}
      <div className="fo-row">
        <div className="fo-seg" role="group" aria-label={t('action')}>
          {(['open', 'close'] as const).map((a) => (
            <button
              key={a}
              type="button"
              className={`fo-segbtn${draft.action === a ? ' is-active' : ''}`}
              aria-pressed={draft.action === a}
              onClick={() => update({ action: a })}
              data-testid={`action-${a}`}
            >
              {t(a)}
            </button>
          ))}
        </div>
        <div className="so-types" role="group" aria-label={t('orderType')}>
          {(['limit', 'market'] as const).map((k) => (
            <button
              key={k}
              type="button"
              className={`so-type${draft.type === k ? ' is-active' : ''}`}
              aria-pressed={draft.type === k}
              onClick={() => update({ type: k })}
              data-testid={`type-${k}`}
            >
              {t(k)}
            </button>
          ))}
        </div>
        {opening && (
          <div className="fo-lev" role="radiogroup" aria-label={t('leverage')} data-testid="leverage">
            {leverages(pair).map((l) => (
              <button
                key={l}
                type="button"
                role="radio"
                aria-checked={draft.leverage === l}
                className={`fo-levbtn num${draft.leverage === l ? ' is-active' : ''}`}
                onClick={() => update({ leverage: l })}
              >
                {`${l}x`}
              </button>
            ))}
          </div>
        )}
      </div>
      {layout === 'sheet' && (
        <div className="so-sides" role="group" aria-label={t('side')}>
          {(['long', 'short'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={`so-side so-side--${s === 'long' ? 'buy' : 'sell'}${side === s ? ' is-active' : ''}`}
              aria-pressed={side === s}
              onClick={() => setSide(s)}
              data-testid={`side-tab-${s}`}
            >
              {t(sideKey(draft.action, s))}
            </button>
          ))}
        </div>
      )}
      <div className="so-line">
        <span className="so-k">{t('available')}</span>
        <span className="so-v num" dir="ltr" data-testid="futures-available">
          {uid ? (available === undefined ? '--' : `${formatDecimal(available, lang)} ${MARGIN_COIN}`) : '--'}
          {uid && (
            <Link to={WALLET_PATHS.assets} className="fo-transfer">
              {t('transfer')}
            </Link>
          )}
        </span>
      </div>
      {draft.type === 'limit' ? (
        <div className={`so-field${invalid('price') ? ' is-invalid' : ''}`}>
          <label htmlFor={priceId} className="so-field__label">
            {t('price')}
          </label>
          <input
            ref={refs.price}
            id={priceId}
            className="so-field__input num"
            inputMode="decimal"
            autoComplete="off"
            value={draft.price}
            onChange={(e) => update({ price: sanitizeDecimalInput(e.target.value, pair.baseScale) })}
            {...errorOf('price')}
            data-testid="futures-price"
          />
          <span className="so-field__unit">{pair.baseCoin}</span>
        </div>
      ) : (
        <p className="so-field is-static so-protect">{t('marketPrice')}</p>
      )}
      <div className={`so-field${invalid('size') ? ' is-invalid' : ''}`}>
        <label htmlFor={sizeId} className="so-field__label">
          {opening && draft.unit === 'usdt' ? t('sizeMargin') : t('size')}
        </label>
        <input
          ref={refs.size}
          id={sizeId}
          className="so-field__input num"
          inputMode="decimal"
          autoComplete="off"
          value={draft.size}
          onChange={(e) =>
            update({ size: sanitizeDecimalInput(e.target.value, opening && draft.unit === 'usdt' ? 6 : 0) })
          }
          {...errorOf('size')}
          data-testid="futures-size"
        />
        {opening ? (
          <button
            type="button"
            className="fo-unit"
            onClick={() => update({ unit: draft.unit === 'shares' ? 'usdt' : 'shares', size: '' })}
            aria-label={t('switchUnit')}
            data-testid="futures-unit"
          >
            {draft.unit === 'shares' ? t('sharesUnit') : MARGIN_COIN}
          </button>
        ) : (
          <span className="so-field__unit">{t('sharesUnit')}</span>
        )}
      </div>
      {opening && (
        <div className="fo-extra">
          <label className="fo-check">
            <input
              type="checkbox"
              checked={draft.withTpSl}
              onChange={(e) => update({ withTpSl: e.target.checked, takeProfit: '', stopLoss: '' })}
              data-testid="futures-tpsl-toggle"
            />
            {t('tpslAtOpen')}
          </label>
          {uid && (
            <div className="so-stops fo-stops">
              {SIZE_STOPS.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="so-stop"
                  onClick={() =>
                    update({ unit: 'usdt', size: marginAtShare(pair, available ?? '0', p, draft.leverage) })
                  }
                  aria-label={t('sizeStop', { pct: p })}
                >
                  {`${p}%`}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {opening && draft.withTpSl && (
        <div className="fo-tpsl">
          <div className={`so-field${invalid('takeProfit') ? ' is-invalid' : ''}`}>
            <label htmlFor={tpId} className="so-field__label">
              {t('takeProfit')}
            </label>
            <input
              ref={refs.takeProfit}
              id={tpId}
              className="so-field__input num"
              inputMode="decimal"
              autoComplete="off"
              value={draft.takeProfit}
              placeholder={t('optional')}
              onChange={(e) => update({ takeProfit: sanitizeDecimalInput(e.target.value, pair.baseScale) })}
              {...errorOf('takeProfit')}
              data-testid="futures-tp"
            />
          </div>
          <div className={`so-field${invalid('stopLoss') ? ' is-invalid' : ''}`}>
            <label htmlFor={slId} className="so-field__label">
              {t('stopLoss')}
            </label>
            <input
              ref={refs.stopLoss}
              id={slId}
              className="so-field__input num"
              inputMode="decimal"
              autoComplete="off"
              value={draft.stopLoss}
              placeholder={t('optional')}
              onChange={(e) => update({ stopLoss: sanitizeDecimalInput(e.target.value, pair.baseScale) })}
              {...errorOf('stopLoss')}
              data-testid="futures-sl"
            />
          </div>
        </div>
      )}
      <div className="fo-sides">
        {sides.map((s) => (
          <SideBlock
            key={s}
            pair={pair}
            side={s}
            draft={draft}
            state={stateFor(s)}
            signedIn={uid !== ''}
            busy={busy}
            waitSeconds={limit.seconds}
            heading={layout === 'desk'}
            whyId={`${id}-why-${s}`}
            onSubmit={submit}
          />
        ))}
      </div>
      <OutcomeLine outcome={outcome} onAskAgain={askAgain} busy={busy !== null} />
      <OrderLimitNotice seconds={limit.seconds} ns="futures" />
    </section>
  );
}

/** Reports the best bid and ask when they change (renders nothing): the form re-renders on a new best price only. */
function BookWatch({ pair, onTop }: { pair: ContractPair; onTop: (b: BookTop) => void }) {
  const view = useDepth(pair.symbol.toLowerCase(), {
    pricePrecision: pair.baseScale,
    amountPrecision: pair.coinScale,
    group: 1,
  });
  const bestBid = view?.bids[0]?.price;
  const bestAsk = view?.asks[0]?.price;
  useEffect(() => {
    onTop({ bestBid, bestAsk });
  }, [bestBid, bestAsk, onTop]);
  return null;
}
