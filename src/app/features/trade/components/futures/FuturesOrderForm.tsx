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
 * most) while TP/SL are shown or filled, the top of the book only while a market order or a USDT size needs it, the
 * positions only when their structure changes (PERF-84).
 *
 * Each side's preview and button are in FuturesSideBlock.tsx; the form's parts (fields, lines, choices, outcome
 * line) are the trading kit's (../kit/OrderFormShell.tsx). An order refused by the per-user order limit (HTTP 429)
 * shows the wait counting down, and the buttons wait for it (SPOT-13, ../../orderLimit.tsx).
 *
 * A11Y-10, A11Y-16 as on the spot form: after an order is placed focus waits in the size; after a refusal by the
 * form's own rule (Enter in a field while it fails) focus moves to the field at fault, which is marked invalid and
 * described by the rule its side's button names. The buttons are not disabled while an order is sent.
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { FuturesOrder } from '../../../../../shared/schemas/futures';
import type { FuturesState } from '../../../../../shared/trading/futuresChecks';
import { MARGIN_COIN, leverages, type FuturesSide } from '../../../../../shared/trading/futuresRules';
import { formatDecimal } from '../../../../i18n/format';
import { useMark } from '../../../../market/hooks';
import { session } from '../../../../state/session';
import { APP_PATHS } from '../../../../ui/appPaths';
import { useAssetBalances } from '../../../../money/balances';
import { useLanguage } from '../../../../ui/Price';
import { sanitizeDecimalInput } from '../../model/spotForm';
import { placeFuturesOrder, resolveFuturesIntent, resumeFuturesIntents } from '../../futuresOrders';
import { useFuturesOrders, useOpenPositionStructure } from '../../futuresLists';
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
import { OrderLimitNotice, useOrderLimit } from '../../orderLimit';
import { SideBlock } from './FuturesSideBlock';
import { BookTopWatch, DecimalField, FormLine, OutcomeLine, Segmented, ShareStops } from '../kit/OrderFormShell';
import { useBookPick, useOrderRun, usePriceFill, useResumeIntents } from '../kit/orderFormState';

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
  const pick = useBookPick(symbol);
  const [side, setSide] = useState<FuturesSide>(initialSide);
  const [draft, setDraft] = useState<FuturesDraft>(() => ({
    action: 'open',
    type: 'limit',
    leverage: defaultLeverage(pair),
    price: pick.here ? sanitizeDecimalInput(pick.price, pair.baseScale) : '',
    size: '',
    unit: 'shares',
    takeProfit: '',
    stopLoss: '',
    withTpSl: false,
    ...initialDraft,
  }));
  const update = (next: Partial<FuturesDraft>) => setDraft((d) => ({ ...d, ...next }));
  usePriceFill({
    symbol,
    precision: pair.baseScale,
    filled: pick.here || Boolean(initialDraft?.price),
    onFirst: (first) => setDraft((d) => ({ ...d, price: d.price || first })),
    onPick: (price) => setDraft((d) => ({ ...d, type: 'limit', price })),
  });

  const available = useContractAvailable();
  // The form decides on the position's size, entry, margin and leverage: its structure (PERF-84).
  const positions = useOpenPositionStructure(uid);
  const openOrders = useFuturesOrders(uid, 'open', symbol, 1, 100);
  // The mark only serves the TP/SL check (FUT-9): heard while TP/SL are shown or filled, not otherwise (PERF-84).
  const needsMark = (draft.action === 'open' && draft.withTpSl) || draft.takeProfit !== '' || draft.stopLoss !== '';
  const mark = useMark(needsMark ? symbol : undefined, FORM_MARK_MS)?.price;
  const [book, setBook] = useState<BookTop>({});
  const needsBook = draft.type === 'market' || draft.unit === 'usdt';

  const stateFor = (s: FuturesSide): FuturesState => ({
    ...book,
    ...(mark ? { mark } : {}),
    available: available ?? '0',
    position: positionState(positions.rows, symbol, s),
    pendingOpenShares: pendingOpenShares(openOrders.data?.rows, symbol, s),
  });

  useResumeIntents('futures', uid, resumeFuturesIntents);

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
  const { busy, outcome, run, askAgain } = useOrderRun<FuturesOrder, FuturesSide>({
    ns: 'futures',
    onPlaced: () => {
      update({ size: '', takeProfit: '', stopLoss: '' });
      setTouched(false);
      refs.size.current?.focus();
      onPlaced?.();
    },
    refusedBy: limit.refusedBy,
    onLimit: () => refs.size.current?.focus(),
  });

  const submit = async (s: FuturesSide, e: FormEvent | KeyboardEvent) => {
    e.preventDefault();
    const { shares, check } = checkSide(pair, draft, s, stateFor(s));
    if (uid && !check.ok) {
      setTouched(true);
      return focusField(failedField);
    }
    if (busy || limit.seconds > 0 || !uid) return;
    const opening = draft.action === 'open';
    const request = {
      symbol,
      side: s,
      action: draft.action,
      type: draft.type,
      ...(draft.type === 'limit' ? { price: draft.price } : {}),
      shares,
      ...(opening ? { leverage: draft.leverage } : {}),
      ...(opening && draft.takeProfit ? { takeProfit: draft.takeProfit } : {}),
      ...(opening && draft.stopLoss ? { stopLoss: draft.stopLoss } : {}),
    };
    await run(s, (onChecking) => placeFuturesOrder(request, { onChecking }));
  };

  const opening = draft.action === 'open';
  const describedBy = failing && busy === null && limit.seconds === 0 ? `${id}-why-${failing.s}` : undefined;
  /** A price field (limit price, take-profit, stop-loss): the pair's precision. */
  const priceField = (f: 'price' | 'takeProfit' | 'stopLoss', fieldId: string, testId: string, optional: boolean) => (
    <DecimalField
      id={`${id}-${fieldId}`}
      label={t(f)}
      value={draft[f]}
      decimals={pair.baseScale}
      onValue={(v) => update({ [f]: v })}
      invalid={invalid(f)}
      describedBy={describedBy}
      inputRef={refs[f]}
      placeholder={optional ? t('optional') : undefined}
      unit={optional ? undefined : pair.baseCoin}
      testId={testId}
    />
  );
  return (
    <section
      className={`so fo so--${layout}`}
      aria-label={t('orderForm')}
      onKeyDown={onKeyDown}
      data-testid="futures-order-form"
    >
      {needsBook && (
        <BookTopWatch
          symbol={symbol}
          pricePrecision={pair.baseScale}
          amountPrecision={pair.coinScale}
          onTop={setBook}
        />
      )}
      <div className="fo-row">
        <Segmented
          options={['open', 'close'] as const}
          value={draft.action}
          onChange={(action) => update({ action })}
          label={t('action')}
          text={(a) => t(a)}
          className="fo-seg"
          button="fo-segbtn"
          testId={(a) => `action-${a}`}
        />
        <Segmented
          options={['limit', 'market'] as const}
          value={draft.type}
          onChange={(type) => update({ type })}
          label={t('orderType')}
          text={(k) => t(k)}
          className="so-types"
          button="so-type"
          testId={(k) => `type-${k}`}
        />
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
        <Segmented
          options={['long', 'short'] as const}
          value={side}
          onChange={setSide}
          label={t('side')}
          text={(s) => t(sideKey(draft.action, s))}
          className="so-sides"
          button="so-side"
          tone={(s) => (s === 'long' ? 'buy' : 'sell')}
          testId={(s) => `side-tab-${s}`}
        />
      )}
      <FormLine label={t('available')} testId="futures-available">
        {uid ? (available === undefined ? '--' : `${formatDecimal(available, lang)} ${MARGIN_COIN}`) : '--'}
        {uid && (
          <Link to={APP_PATHS.wallet.assets} className="fo-transfer">
            {t('transfer')}
          </Link>
        )}
      </FormLine>
      {draft.type === 'limit' ? (
        priceField('price', 'price', 'futures-price', false)
      ) : (
        <p className="so-field is-static so-protect">{t('marketPrice')}</p>
      )}
      <DecimalField
        id={`${id}-size`}
        label={opening && draft.unit === 'usdt' ? t('sizeMargin') : t('size')}
        value={draft.size}
        decimals={opening && draft.unit === 'usdt' ? 6 : 0}
        onValue={(size) => update({ size })}
        invalid={invalid('size')}
        describedBy={describedBy}
        inputRef={refs.size}
        unit={
          opening ? (
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
            t('sharesUnit')
          )
        }
        testId="futures-size"
      />
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
            <ShareStops
              stops={SIZE_STOPS}
              className="so-stops fo-stops"
              label={(pct) => t('sizeStop', { pct })}
              onPick={(p) => update({ unit: 'usdt', size: marginAtShare(pair, available ?? '0', p, draft.leverage) })}
            />
          )}
        </div>
      )}
      {opening && draft.withTpSl && (
        <div className="fo-tpsl">
          {priceField('takeProfit', 'tp', 'futures-tp', true)}
          {priceField('stopLoss', 'sl', 'futures-sl', true)}
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
      <OutcomeLine
        ns="futures"
        outcome={outcome}
        placed={(o, recovered) =>
          t(recovered ? 'placedRecovered' : 'placed', {
            order: t(`${o.action}${o.side === 'long' ? 'Long' : 'Short'}`),
            shares: formatDecimal(o.shares, lang),
            status: t(`status.${o.status}`),
            id: o.id,
          })
        }
        onAskAgain={(intent) => void askAgain(() => resolveFuturesIntent(intent))}
        busy={busy !== null}
        testId="futures-outcome"
        checkingTestId
      />
      <OrderLimitNotice seconds={limit.seconds} ns="futures" />
    </section>
  );
}
