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
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SpotPair } from '../../../../../shared/schemas/coins';
import type { SpotOrder } from '../../../../../shared/schemas/trading';
import { feePercent, type SpotBookState, type SpotSide } from '../../../../../shared/trading/spotRules';
import { assetDecimals } from '../../../../../shared/amount';
import { Decimal } from '../../../../../shared/decimal';
import { useFeeDiscount, withDiscount } from '../../../../money/vip';
import { formatDecimal } from '../../../../i18n/format';
import { session } from '../../../../state/session';
import {
  PROTECTION_PERCENT,
  SLIDER_STOPS,
  amountAtShare,
  estimate,
  holdCoin,
  maxAmount,
  shareOf,
  submitState,
  type Label,
  type OrderType,
  type TicketInput,
} from '../../model/spotForm';
import { placeSpotOrder, resolveSpotIntent, resumeSpotIntents } from '../../spotOrders';
import { OrderLimitNotice, useOrderLimit } from '../../orderLimit';
import { useSpotAvailable } from './spotHooks';
import { useLanguage } from '../../../../ui/Price';
import {
  AmountSlider,
  BookTopWatch,
  DecimalField,
  FormLine,
  OutcomeLine,
  Segmented,
  SubmitButton,
} from '../kit/OrderFormShell';
import { useBookPick, useOrderRun, usePriceFill, useResumeIntents } from '../kit/orderFormState';

interface SideDraft {
  price: string;
  amount: string;
  /** The slider's position while it is being used (the typed amount's share otherwise). */
  pct: number | null;
}

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
  const pick = useBookPick(symbol);
  const [type, setType] = useState<OrderType>('limit');
  const [side, setSide] = useState<SpotSide>(initialSide);
  const [drafts, setDrafts] = useState<Record<SpotSide, SideDraft>>(() =>
    pick.here
      ? { buy: { ...EMPTY, price: pick.price }, sell: { ...EMPTY, price: pick.price } }
      : { buy: EMPTY, sell: EMPTY },
  );
  usePriceFill({
    symbol,
    precision: pair.basePrecision,
    filled: pick.here,
    onFirst: (first) =>
      setDrafts((d) => ({
        buy: { ...d.buy, price: d.buy.price || first },
        sell: { ...d.sell, price: d.sell.price || first },
      })),
    // A level picked in the order book: both sides take its price, as a limit order.
    onPick: (price) => {
      setType('limit');
      setDrafts((d) => ({ buy: { ...d.buy, price, pct: null }, sell: { ...d.sell, price, pct: null } }));
    },
  });

  const available = useSpotAvailable();
  // SPOT-13: after a refusal by the order limit, the wait (both sides: the limit is the user's).
  const limit = useOrderLimit();
  // VIP-4: the caller's fee discount ("0" while VIP is off), shown in the fee rate and each side's fee.
  const discount = useFeeDiscount(signedIn);
  // The best prices, for a market order's protection: followed only while a market order is entered.
  const [book, setBook] = useState<SpotBookState>({});

  useResumeIntents('trade', signedIn, resumeSpotIntents);

  const update = (s: SpotSide, next: Partial<SideDraft>) => setDrafts((d) => ({ ...d, [s]: { ...d[s], ...next } }));
  const sides: SpotSide[] = layout === 'desk' ? ['buy', 'sell'] : [side];

  return (
    <section className={`so so--${layout}`} aria-label={t('orderForm')} data-testid="spot-order-form">
      {type === 'market' && (
        <BookTopWatch
          symbol={symbol}
          pricePrecision={pair.basePrecision}
          amountPrecision={pair.coinPrecision}
          onTop={setBook}
        />
      )}
      <div className="so-top">
        {layout === 'sheet' && (
          <Segmented
            options={['buy', 'sell'] as const}
            value={side}
            onChange={setSide}
            label={t('side')}
            text={(s) => t(`${s}Coin`, { coin: pair.coin })}
            className="so-sides"
            button="so-side"
            tone={(s) => s}
            testId={(s) => `side-tab-${s}`}
          />
        )}
        <Segmented
          options={['limit', 'market'] as const}
          value={type}
          onChange={setType}
          label={t('orderType')}
          text={(k) => t(k)}
          className="so-types"
          button="so-type"
        />
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

  const { busy, outcome, run, askAgain } = useOrderRun<SpotOrder, true>({
    ns: 'trade',
    onPlaced: () => {
      onChange({ amount: '', pct: null });
      setTouched(false);
      amountRef.current?.focus();
      onPlaced?.();
    },
    refusedBy: refusedByLimit,
    onLimit: () => amountRef.current?.focus(),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!state.signIn && !state.check.ok) return focusField(failedField);
    if (busy || waitSeconds > 0 || state.disabled || state.signIn) return;
    const request = {
      symbol: pair.symbol.toLowerCase(),
      side,
      type,
      ...(type === 'limit' ? { price: input.price } : {}),
      amount: input.amount,
    };
    await run(true, (onChecking) => placeSpotOrder(request, { onChecking }));
  };

  const protection = type === 'market' ? est.price : undefined;
  const whyId = `${id}-why`;
  const sideName = t(`${side}Coin`, { coin });
  return (
    <form
      className={`so-ticket so-ticket--${side}`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={sideName}
    >
      <FormLine
        label={t('available')}
        testId={`available-${side}`}
        lead={
          heading && (
            <h3 className={`so-sidehead so-sidehead--${side}`} data-testid={`side-head-${side}`}>
              {sideName}
            </h3>
          )
        }
      >
        {signedIn ? (available === undefined ? '--' : `${formatDecimal(available, lang)} ${held}`) : '--'}
      </FormLine>
      {type === 'limit' ? (
        <DecimalField
          id={`${id}-price`}
          label={t('price')}
          value={input.price}
          decimals={pair.basePrecision}
          onValue={(price) => onChange({ price, pct: null })}
          invalid={showInvalid('price')}
          describedBy={whyId}
          inputRef={priceRef}
          unit={quote}
          testId={`price-${side}`}
        />
      ) : (
        // A market order has no price: in its place, the protection it trades under (SPOT-4).
        <p className="so-field is-static so-protect" data-testid={`protection-${side}`}>
          {protection
            ? t('protection', { pct: PROTECTION_PERCENT, price: `${formatDecimal(protection, lang)} ${quote}` })
            : t('protectionNone', { pct: PROTECTION_PERCENT })}
        </p>
      )}
      <DecimalField
        id={`${id}-amount`}
        label={t('amount')}
        value={input.amount}
        decimals={pair.coinPrecision}
        onValue={(amount) => onChange({ amount, pct: null })}
        invalid={showInvalid('amount')}
        describedBy={whyId}
        inputRef={amountRef}
        unit={coin}
        testId={`amount-${side}`}
      />
      <AmountSlider
        ns="trade"
        share={share}
        stops={SLIDER_STOPS}
        onShare={setShare}
        disabled={!signedIn}
        tone={side}
        testId={`slider-${side}`}
      />
      <FormLine label={type === 'market' ? t('totalAtMost') : t('total')} testId={`total-${side}`}>
        {est.total !== undefined ? `${formatDecimal(est.total, lang)} ${quote}` : `-- ${quote}`}
      </FormLine>
      <FormLine label={t('estFee')} testId={`fee-${side}`}>
        {fee !== undefined ? `${formatDecimal(fee, lang)} ${quote}` : `-- ${quote}`}
      </FormLine>
      <FormLine label={t('maxAmount')}>
        {signedIn && max !== '0' ? `${formatDecimal(max, lang)} ${coin}` : `-- ${coin}`}
      </FormLine>
      <SubmitButton
        ns="trade"
        side={side}
        tone={side}
        signIn={state.signIn ? label(state.label) : null}
        sideName={sideName}
        why={state.disabled ? label(state.label) : ''}
        whyId={whyId}
        disabled={state.disabled}
        title={state.disabled ? label(state.label) : undefined}
        waitSeconds={waitSeconds}
        busy={busy !== null}
        sending={busy ? t(outcome?.kind === 'checking' ? 'checking' : 'placing') : null}
      />
      <OutcomeLine
        ns="trade"
        outcome={outcome}
        placed={(o, recovered) =>
          t(recovered ? 'placedRecovered' : 'placed', {
            side: t(o.side),
            amount: formatDecimal(o.amount, lang),
            coin: pair.coin,
            status: t(`status.${o.status}`),
            id: o.id,
          })
        }
        onAskAgain={(intent) => void askAgain(() => resolveSpotIntent(intent), true)}
        busy={busy !== null}
        testId="order-outcome"
      />
    </form>
  );
}
