/**
 * The spot order form (TRADE-11..13). Desktop: limit / market on top, buy and sell side by side; the phone's
 * sheet: one side at a time. Each side shows the available balance of the coin it holds (live), the price
 * (prefilled once with the last price; a pick in the order book sets it), the amount with a slider of the
 * largest amount the balance pays for (fee included, rounded down), the total and the fee, and for a market order
 * the 5 % protection it trades under. The button names the first rule that fails (the shared check the server
 * runs), or reads "Log in to trade" when signed out; one press is one order intent (spotOrders.ts), and its
 * outcome is shown under the button, a lost reply included. An order refused by the per-user order limit (HTTP
 * 429) shows the wait counting down, and both buttons wait for it (SPOT-13, orderLimit.tsx).
 *
 * Cost: the form never follows ticks. It reads the last price once (the prefill), the balances when they change
 * and the top of the book only while a market order is entered.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotPair } from '../../../../../shared/schemas/coins';
import type { SpotOrder } from '../../../../../shared/schemas/trading';
import { feePercent, type SpotBookState, type SpotSide } from '../../../../../shared/trading/spotRules';
import { assetDecimals } from '../../../../../shared/amount';
import { Decimal } from '../../../../../shared/decimal';
import { useFeeDiscount, withDiscount } from '../../../../money/vip';
import { ApiError } from '../../../../api/client';
import { formatDecimal } from '../../../../i18n/format';
import { useDepth, useTicker } from '../../../../market/hooks';
import { session } from '../../../../session/store';
import { toast } from '../../../../ui/toast';
import { ACCOUNT_PATHS } from '../../../account/paths';
import {
  PROTECTION_PERCENT,
  SLIDER_STOPS,
  amountAtShare,
  estimate,
  holdCoin,
  maxAmount,
  pricePrefill,
  sanitizeDecimalInput,
  shareOf,
  submitState,
  type Label,
  type OrderType,
  type TicketInput,
} from '../../model/spotForm';
import { pricePick } from '../../orderPrice';
import { placeSpotOrder, resolveSpotIntent, resumeSpotIntents, type PlaceOutcome } from '../../spotOrders';
import { OrderLimitNotice, useOrderLimit } from '../../orderLimit';
import { useSpotAvailable } from './spotHooks';
import { useLanguage } from '../../../../ui/Price';

interface SideDraft {
  price: string;
  amount: string;
  /** The slider's position while it is being used (the typed amount's share otherwise). */
  pct: number | null;
}

/** What is shown under a side's button after a press. */
type Outcome =
  | { kind: 'checking' }
  | { kind: 'placed'; order: SpotOrder; recovered: boolean }
  | { kind: 'notPlaced' }
  | { kind: 'unknown'; intent: string }
  | { kind: 'refused'; message: string };

const EMPTY: SideDraft = { price: '', amount: '', pct: null };

/** Translates a Label of the form model; decimal values are shown in the language's format. */
function useLabel(): (l: Label) => string {
  const { t } = useTranslation('trade');
  const lang = useLanguage();
  return (l: Label) => {
    const params: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(l.params ?? {}))
      params[k] = typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? formatDecimal(v, lang) : v;
    return t(l.key, params);
  };
}

export interface SpotOrderFormProps {
  pair: SpotPair;
  /** 'desk': buy and sell side by side; 'sheet': one side, chosen by `side` / the side switch. */
  layout: 'desk' | 'sheet';
  side?: SpotSide;
  /** An order was placed (the sheet closes). */
  onPlaced?: () => void;
}

export function SpotOrderForm({ pair, layout, side: initialSide = 'buy', onPlaced }: SpotOrderFormProps) {
  const { t } = useTranslation('trade');
  const symbol = pair.symbol.toLowerCase();
  const signedIn = useSnapshot(session).isSign;
  const pick = useSnapshot(pricePick);
  const pickedHere = pick.seq > 0 && pick.symbol === symbol;
  const [type, setType] = useState<OrderType>('limit');
  const [side, setSide] = useState<SpotSide>(initialSide);
  const [drafts, setDrafts] = useState<Record<SpotSide, SideDraft>>(() =>
    pickedHere
      ? { buy: { ...EMPTY, price: pick.price }, sell: { ...EMPTY, price: pick.price } }
      : { buy: EMPTY, sell: EMPTY },
  );
  // The price is prefilled once, with the first last price seen (or the book pick made before this form opened).
  const [prefilled, setPrefilled] = useState(pickedHere);
  const ticker = useTicker(prefilled ? undefined : symbol);
  const first = pricePrefill(ticker?.priceRaw, pair.basePrecision);
  if (!prefilled && first) {
    setPrefilled(true);
    setDrafts((d) => ({
      buy: { ...d.buy, price: d.buy.price || first },
      sell: { ...d.sell, price: d.sell.price || first },
    }));
  }
  // A level picked in the order book: both sides take its price, as a limit order.
  const [seenPick, setSeenPick] = useState(pick.seq);
  if (pick.seq !== seenPick) {
    setSeenPick(pick.seq);
    if (pick.symbol === symbol) {
      const price = sanitizeDecimalInput(pick.price, pair.basePrecision);
      setType('limit');
      setPrefilled(true);
      setDrafts((d) => ({ buy: { ...d.buy, price, pct: null }, sell: { ...d.sell, price, pct: null } }));
    }
  }

  const available = useSpotAvailable();
  // SPOT-13: after a refusal by the order limit, the wait (both sides: the limit is the user's).
  const limit = useOrderLimit();
  // VIP-4: the caller's fee discount ("0" while VIP is off), shown in the fee rate and each side's fee.
  const discount = useFeeDiscount(signedIn);
  // The best prices, for a market order's protection: followed only while a market order is entered.
  const [book, setBook] = useState<SpotBookState>({});

  // A page opened while an earlier order's reply was still unanswered learns its outcome now (TRADE-13).
  useEffect(() => {
    if (!signedIn) return;
    void resumeSpotIntents((o) => {
      if (o.kind === 'placed') toast(t('resumedPlaced', { id: o.order.id }), { kind: 'success' });
      else if (o.kind === 'notPlaced') toast(t('resumedNotPlaced'), { kind: 'error' });
    });
  }, [signedIn, t]);

  const update = (s: SpotSide, next: Partial<SideDraft>) => setDrafts((d) => ({ ...d, [s]: { ...d[s], ...next } }));
  const sides: SpotSide[] = layout === 'desk' ? ['buy', 'sell'] : [side];

  return (
    <section className={`so so--${layout}`} aria-label={t('orderForm')} data-testid="spot-order-form">
      {type === 'market' && <BookTop pair={pair} onTop={setBook} />}
      <div className="so-top">
        {layout === 'sheet' && (
          <div className="so-sides" role="group" aria-label={t('side')}>
            {(['buy', 'sell'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className={`so-side so-side--${s}${side === s ? ' is-active' : ''}`}
                aria-pressed={side === s}
                onClick={() => setSide(s)}
                data-testid={`side-tab-${s}`}
              >
                {t(`${s}Coin`, { coin: pair.coin })}
              </button>
            ))}
          </div>
        )}
        <div className="so-types" role="group" aria-label={t('orderType')}>
          {(['limit', 'market'] as const).map((k) => (
            <button
              key={k}
              type="button"
              className={`so-type${type === k ? ' is-active' : ''}`}
              aria-pressed={type === k}
              onClick={() => setType(k)}
            >
              {t(k)}
            </button>
          ))}
        </div>
        <span className="so-feerate">
          {t('feeRate', {
            pct: formatDecimal(new Decimal(feePercent(pair)).times(new Decimal(1).minus(discount)).toFixed()),
          })}
        </span>
      </div>
      <div className="so-sidesgrid">
        {sides.map((s) => (
          <Ticket
            key={s}
            pair={pair}
            heading={layout === 'desk'}
            input={{ side: s, type, price: drafts[s].price, amount: drafts[s].amount }}
            pct={drafts[s].pct}
            book={book}
            available={available.ready ? available.of(holdCoin(pair, s)) : undefined}
            signedIn={signedIn}
            onChange={(next) => update(s, next)}
            onPlaced={onPlaced}
            waitSeconds={limit.seconds}
            refusedByLimit={limit.refusedBy}
          />
        ))}
      </div>
      <OrderLimitNotice seconds={limit.seconds} ns="trade" />
    </section>
  );
}

/**
 * Reports the best bid and ask of the pair's book (the worker's DEPTH topic at the pair's tick, the one the order
 * book shows) when they change; renders nothing, so the form re-renders on a new best price, not on every book
 * update.
 */
function BookTop({ pair, onTop }: { pair: SpotPair; onTop: (b: SpotBookState) => void }) {
  const view = useDepth(pair.symbol.toLowerCase(), {
    pricePrecision: pair.basePrecision,
    amountPrecision: pair.coinPrecision,
    group: 1,
  });
  const bestBid = view?.bids[0]?.price;
  const bestAsk = view?.asks[0]?.price;
  useEffect(() => {
    onTop({ bestBid, bestAsk });
  }, [bestBid, bestAsk, onTop]);
  return null;
}

interface TicketProps {
  pair: SpotPair;
  /** SIDE-1: the column names its side ("Buy BTC") above its fields (the desktop's two columns). */
  heading: boolean;
  input: TicketInput;
  pct: number | null;
  book: SpotBookState;
  /** Exact available amount of the held coin; undefined while balances load. */
  available: string | undefined;
  signedIn: boolean;
  onChange: (next: Partial<SideDraft>) => void;
  onPlaced?: () => void;
  /** Seconds left of a wait after a refusal by the order limit (SPOT-13): the button waits. */
  waitSeconds: number;
  /** Starts that wait when the failure is a refusal by the limit (true then). */
  refusedByLimit: (err: unknown) => boolean;
}

function Ticket({
  pair,
  heading,
  input,
  pct,
  book,
  available,
  signedIn,
  onChange,
  onPlaced,
  waitSeconds,
  refusedByLimit,
}: TicketProps) {
  const { t } = useTranslation('trade');
  const label = useLabel();
  const lang = useLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [touched, setTouched] = useState(false);
  const { side, type } = input;
  const coin = pair.coin;
  const quote = pair.baseCoin;
  const held = holdCoin(pair, side);
  const avail = available ?? '0';
  const state = submitState(pair, input, book, avail, signedIn);
  const max = maxAmount(pair, input, book, avail);
  const share = pct ?? shareOf(input.amount, max);
  const est = estimate(pair, input, book);
  const discount = useFeeDiscount(signedIn);
  const fee = withDiscount(est.fee, discount, assetDecimals(pair.baseCoin));
  const failedField = !state.check.ok ? state.check.field : undefined;
  const showInvalid = (f: 'price' | 'amount') =>
    signedIn && failedField === f && (touched || (f === 'price' ? input.price !== '' : input.amount !== ''));

  // A11Y-10: focus stays in the form. After an order is placed it waits in the amount (the next order's field);
  // after a refusal by the form's rule it moves to the first invalid field.
  const priceRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const focusField = (f: 'price' | 'amount' | undefined) => {
    const el = f === 'price' && type === 'limit' ? priceRef.current : amountRef.current;
    el?.focus();
  };
  // Enter in a field while the button waits for a rule: the browser would do nothing; the field at fault is shown.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const el = e.target as HTMLElement;
    if (e.key !== 'Enter' || el.tagName !== 'INPUT' || !state.disabled || state.check.ok) return;
    e.preventDefault();
    setTouched(true);
    focusField(failedField);
  };

  const setShare = (p: number) => {
    onChange({ amount: amountAtShare(max, p, pair.coinPrecision), pct: p });
    setTouched(true);
  };

  const show = (o: PlaceOutcome) => {
    if (o.kind === 'placed') {
      setOutcome({ kind: 'placed', order: o.order, recovered: o.recovered });
      onChange({ amount: '', pct: null });
      setTouched(false);
      toast(t('placedToast'), { kind: 'success' });
      amountRef.current?.focus();
      onPlaced?.();
    } else setOutcome(o);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!state.signIn && !state.check.ok) return focusField(failedField);
    if (busy || waitSeconds > 0 || state.disabled || state.signIn) return;
    setBusy(true);
    setOutcome(null);
    try {
      const o = await placeSpotOrder(
        {
          symbol: pair.symbol.toLowerCase(),
          side,
          type,
          ...(type === 'limit' ? { price: input.price } : {}),
          amount: input.amount,
        },
        { onChecking: () => setOutcome({ kind: 'checking' }) },
      );
      show(o);
    } catch (err) {
      // The form shows the wait (SPOT-13); the button waits too, so focus goes back to the amount (A11Y-10).
      if (refusedByLimit(err)) return amountRef.current?.focus();
      setOutcome({
        kind: 'refused',
        message: err instanceof ApiError || err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  };

  const askAgain = async (intent: string) => {
    setBusy(true);
    setOutcome({ kind: 'checking' });
    try {
      show(await resolveSpotIntent(intent));
    } catch (err) {
      setOutcome({ kind: 'refused', message: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const protection = type === 'market' ? est.price : undefined;
  const priceId = `${id}-price`;
  const amountId = `${id}-amount`;
  return (
    <form
      className={`so-ticket so-ticket--${side}`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={t(`${side}Coin`, { coin })}
    >
      <div className="so-line">
        {heading && (
          <h3 className={`so-sidehead so-sidehead--${side}`} data-testid={`side-head-${side}`}>
            {t(`${side}Coin`, { coin })}
          </h3>
        )}
        <span className="so-k">{t('available')}</span>
        <span className="so-v num" dir="ltr" data-testid={`available-${side}`}>
          {signedIn ? (available === undefined ? '--' : `${formatDecimal(available, lang)} ${held}`) : '--'}
        </span>
      </div>
      {type === 'limit' ? (
        <div className={`so-field${showInvalid('price') ? ' is-invalid' : ''}`}>
          <label htmlFor={priceId} className="so-field__label">
            {t('price')}
          </label>
          <input
            ref={priceRef}
            id={priceId}
            className="so-field__input num"
            inputMode="decimal"
            autoComplete="off"
            value={input.price}
            onChange={(e) => onChange({ price: sanitizeDecimalInput(e.target.value, pair.basePrecision), pct: null })}
            aria-invalid={showInvalid('price') || undefined}
            aria-describedby={showInvalid('price') ? `${id}-why` : undefined}
            data-testid={`price-${side}`}
          />
          <span className="so-field__unit">{quote}</span>
        </div>
      ) : (
        // A market order has no price: in its place, the protection it trades under (SPOT-4).
        <p className="so-field is-static so-protect" data-testid={`protection-${side}`}>
          {protection
            ? t('protection', { pct: PROTECTION_PERCENT, price: `${formatDecimal(protection, lang)} ${quote}` })
            : t('protectionNone', { pct: PROTECTION_PERCENT })}
        </p>
      )}
      <div className={`so-field${showInvalid('amount') ? ' is-invalid' : ''}`}>
        <label htmlFor={amountId} className="so-field__label">
          {t('amount')}
        </label>
        <input
          ref={amountRef}
          id={amountId}
          className="so-field__input num"
          inputMode="decimal"
          autoComplete="off"
          value={input.amount}
          onChange={(e) => onChange({ amount: sanitizeDecimalInput(e.target.value, pair.coinPrecision), pct: null })}
          aria-invalid={showInvalid('amount') || undefined}
          aria-describedby={showInvalid('amount') ? `${id}-why` : undefined}
          data-testid={`amount-${side}`}
        />
        <span className="so-field__unit">{coin}</span>
      </div>
      <div className="so-slider">
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={share}
          onChange={(e) => setShare(Number(e.target.value))}
          aria-label={t('shareOfBalance')}
          aria-valuetext={`${share} %`}
          disabled={!signedIn}
          style={{ ['--pct' as string]: `${share}%` }}
          className={`so-range so-range--${side}`}
          data-testid={`slider-${side}`}
        />
        <div className="so-stops">
          {SLIDER_STOPS.map((p) => (
            <button
              key={p}
              type="button"
              className={`so-stop${share >= p ? ' is-on' : ''}`}
              onClick={() => setShare(p)}
              disabled={!signedIn}
              aria-label={t('shareStop', { pct: p })}
            >
              {p}%
            </button>
          ))}
        </div>
      </div>
      <div className="so-line">
        <span className="so-k">{type === 'market' ? t('totalAtMost') : t('total')}</span>
        <span className="so-v num" dir="ltr" data-testid={`total-${side}`}>
          {est.total !== undefined ? `${formatDecimal(est.total, lang)} ${quote}` : `-- ${quote}`}
        </span>
      </div>
      <div className="so-line">
        <span className="so-k">{t('estFee')}</span>
        <span className="so-v num" dir="ltr" data-testid={`fee-${side}`}>
          {fee !== undefined ? `${formatDecimal(fee, lang)} ${quote}` : `-- ${quote}`}
        </span>
      </div>
      <div className="so-line">
        <span className="so-k">{t('maxAmount')}</span>
        <span className="so-v num" dir="ltr">
          {signedIn && max !== '0' ? `${formatDecimal(max, lang)} ${coin}` : `-- ${coin}`}
        </span>
      </div>
      {state.signIn ? (
        <Link to={ACCOUNT_PATHS.login} className={`so-submit so-submit--${side}`} data-testid={`submit-${side}`}>
          {label(state.label)}
        </Link>
      ) : (
        <button
          type="submit"
          className={`so-submit so-submit--${side}`}
          // Not disabled while the order is sent (A11Y-10: a disabled button would drop focus to the page); a
          // second press is ignored (busy).
          disabled={state.disabled || waitSeconds > 0}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          title={state.disabled ? label(state.label) : undefined}
          data-testid={`submit-${side}`}
        >
          {busy ? (
            t(outcome?.kind === 'checking' ? 'checking' : 'placing')
          ) : waitSeconds > 0 ? (
            t('orderLimitWait', { seconds: waitSeconds })
          ) : (
            // SIDE-2: the button always names its side; a failing rule follows it ("Buy BTC · Enter an amount").
            <>
              <span className="so-submit__side">{t(`${side}Coin`, { coin })}</span>
              {state.disabled && (
                // The rule that fails: the invalid field's description too (A11Y-16).
                <span className="so-submit__why" id={`${id}-why`}>{`\u00a0· ${label(state.label)}`}</span>
              )}
            </>
          )}
        </button>
      )}
      <OutcomeLine outcome={outcome} pair={pair} onAskAgain={askAgain} busy={busy} />
    </form>
  );
}

function OutcomeLine({
  outcome,
  pair,
  onAskAgain,
  busy,
}: {
  outcome: Outcome | null;
  pair: SpotPair;
  onAskAgain: (intent: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('trade');
  const lang = useLanguage();
  if (!outcome) return <p className="so-outcome" role="status" />;
  switch (outcome.kind) {
    case 'checking':
      return (
        <p className="so-outcome" role="status">
          {t('checkingLong')}
        </p>
      );
    case 'placed': {
      const o = outcome.order;
      const text = t(outcome.recovered ? 'placedRecovered' : 'placed', {
        side: t(o.side),
        amount: formatDecimal(o.amount, lang),
        coin: pair.coin,
        status: t(`status.${o.status}`),
        id: o.id,
      });
      return (
        <p className="so-outcome is-ok" role="status" data-testid="order-outcome">
          {text}
        </p>
      );
    }
    case 'notPlaced':
      return (
        <p className="so-outcome is-bad" role="status" data-testid="order-outcome">
          {t('notPlaced')}
        </p>
      );
    case 'unknown':
      return (
        <p className="so-outcome is-warn" role="status" data-testid="order-outcome">
          {t('unconfirmed')}{' '}
          <button type="button" className="so-again" onClick={() => onAskAgain(outcome.intent)} disabled={busy}>
            {t('checkAgain')}
          </button>
        </p>
      );
    case 'refused':
      return (
        <p className="so-outcome is-bad" role="alert" data-testid="order-outcome">
          {outcome.message}
        </p>
      );
  }
}
