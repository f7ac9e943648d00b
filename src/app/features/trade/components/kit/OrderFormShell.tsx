/**
 * The trading kit's order form parts, for every mode with an order form (spot's and futures'): the segmented
 * choices (order type, side, open / close), a decimal field, a label-and-value line, the share stops and slider,
 * the button that names its side and the first failing rule (SIDE-2, A11Y-16), the outcome line under it and the
 * watch of the book's best prices. Each mode supplies its rules, texts and fields; the markup and class names are
 * the spot form's (`so-*`), which the futures form shares.
 */
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDepthFeed } from '../../../../market/hooks';
import { APP_PATHS } from '../../../../ui/appPaths';
import { sanitizeDecimalInput } from '../../model/spotForm';
import type { FormNs, Outcome } from './orderFormState';

/** A row of pressed / not pressed buttons choosing one of `options` (order type, side, open / close). */
export function Segmented<K extends string>(p: {
  options: readonly K[];
  value: K;
  onChange: (k: K) => void;
  label: string;
  text: (k: K) => string;
  /** The group's class and each button's (`${button} ${tone(k)}` when a tone is given). */
  className: string;
  button: string;
  tone?: (k: K) => string;
  testId?: (k: K) => string;
}) {
  return (
    <div className={p.className} role="group" aria-label={p.label}>
      {p.options.map((k) => (
        <button
          key={k}
          type="button"
          className={`${p.button}${p.tone ? ` ${p.button}--${p.tone(k)}` : ''}${p.value === k ? ' is-active' : ''}`}
          aria-pressed={p.value === k}
          onClick={() => p.onChange(k)}
          data-testid={p.testId?.(k)}
        >
          {p.text(k)}
        </button>
      ))}
    </div>
  );
}

/**
 * A decimal field with its label and unit: typing keeps `decimals` places at most; marked invalid (A11Y-16) and
 * then described by the rule its button names (`describedBy`).
 */
export function DecimalField(p: {
  id: string;
  label: ReactNode;
  value: string;
  decimals: number;
  onValue: (v: string) => void;
  invalid: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  /** A text is shown as the field's unit; any other node as it is (a unit switch). */
  unit?: ReactNode;
  testId: string;
}) {
  return (
    <div className={`so-field${p.invalid ? ' is-invalid' : ''}`}>
      <label htmlFor={p.id} className="so-field__label">
        {p.label}
      </label>
      <DecimalInput
        {...p}
        className="so-field__input num"
        onText={(v) => p.onValue(sanitizeDecimalInput(v, p.decimals))}
      />
      {typeof p.unit === 'string' ? <span className="so-field__unit">{p.unit}</span> : p.unit}
    </div>
  );
}

/**
 * A decimal input (the order forms' and the contract tickets'): `onText` is given what was typed (the caller keeps
 * the places it allows); marked invalid (A11Y-16) and then described by `describedBy`.
 */
export function DecimalInput(p: {
  id: string;
  className: string;
  value: string;
  onText: (text: string) => void;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  testId: string;
}) {
  return (
    <input
      ref={p.inputRef}
      id={p.id}
      className={p.className}
      inputMode="decimal"
      autoComplete="off"
      value={p.value}
      placeholder={p.placeholder}
      onChange={(e) => p.onText(e.target.value)}
      aria-invalid={p.invalid || undefined}
      aria-describedby={p.invalid ? p.describedBy : undefined}
      data-testid={p.testId}
    />
  );
}

/** A label and its value (a number, left to right), `lead` before the label (a column's heading). */
export function FormLine(p: { label: string; testId?: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="so-line">
      {p.lead}
      <span className="so-k">{p.label}</span>
      <span className="so-v num" dir="ltr" data-testid={p.testId}>
        {p.children}
      </span>
    </div>
  );
}

/** The buttons that set a share of the balance ("25%"); `on` marks the ones reached. */
export function ShareStops(p: {
  stops: readonly number[];
  className: string;
  label: (pct: number) => string;
  onPick: (pct: number) => void;
  on?: (pct: number) => boolean;
  disabled?: boolean;
}) {
  return (
    <div className={p.className}>
      {p.stops.map((pct) => (
        <button
          key={pct}
          type="button"
          className={`so-stop${p.on?.(pct) ? ' is-on' : ''}`}
          onClick={() => p.onPick(pct)}
          disabled={p.disabled}
          aria-label={p.label(pct)}
        >
          {`${pct}%`}
        </button>
      ))}
    </div>
  );
}

/** The share of the balance an amount is, as a slider with its stops. */
export function AmountSlider(p: {
  ns: FormNs;
  share: number;
  stops: readonly number[];
  onShare: (pct: number) => void;
  disabled: boolean;
  tone: string;
  testId: string;
}) {
  const { t } = useTranslation(p.ns);
  return (
    <div className="so-slider">
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={p.share}
        onChange={(e) => p.onShare(Number(e.target.value))}
        aria-label={t('shareOfBalance')}
        aria-valuetext={`${p.share} %`}
        disabled={p.disabled}
        style={{ ['--pct' as string]: `${p.share}%` }}
        className={`so-range so-range--${p.tone}`}
        data-testid={p.testId}
      />
      <ShareStops
        stops={p.stops}
        className="so-stops"
        label={(pct) => t('shareStop', { pct })}
        onPick={p.onShare}
        on={(pct) => p.share >= pct}
        disabled={p.disabled}
      />
    </div>
  );
}

/**
 * A side's button: "Log in to trade" (a link) when signed out; otherwise it names its side and the first rule
 * that fails (SIDE-2; the rule's text is the invalid field's description, A11Y-16), or waits out a refusal by the
 * order limit (SPOT-13). Not disabled while the order is sent (A11Y-10: a disabled button would drop focus to the
 * page); a second press is ignored (`busy`).
 */
export function SubmitButton(p: {
  ns: FormNs;
  side: string;
  tone: string;
  signIn: string | null;
  sideName: string;
  why: string;
  whyId?: string;
  disabled: boolean;
  title?: string;
  waitSeconds: number;
  busy: boolean;
  /** This button's order is being sent: the text it shows meanwhile. */
  sending: string | null;
}) {
  const { t } = useTranslation(p.ns);
  const cls = `so-submit so-submit--${p.tone}`;
  if (p.signIn !== null)
    return (
      <Link to={APP_PATHS.account.login} className={cls} data-testid={`submit-${p.side}`}>
        {p.signIn}
      </Link>
    );
  return (
    <button
      type="submit"
      className={cls}
      disabled={p.disabled || p.waitSeconds > 0}
      aria-disabled={p.busy || undefined}
      aria-busy={p.sending !== null || undefined}
      title={p.title}
      data-testid={`submit-${p.side}`}
    >
      {p.sending !== null ? (
        p.sending
      ) : p.waitSeconds > 0 ? (
        t('orderLimitWait', { seconds: p.waitSeconds })
      ) : (
        <>
          <span className="so-submit__side">{p.sideName}</span>
          {p.why && <span className="so-submit__why" id={p.whyId}>{`\u00a0· ${p.why}`}</span>}
        </>
      )}
    </button>
  );
}

/**
 * What became of the last press: checking (a lost reply), placed (or found placed), not placed, unconfirmed (with
 * a button to ask again) or refused with the server's message.
 */
export function OutcomeLine<Order>(p: {
  ns: FormNs;
  outcome: Outcome<Order> | null;
  placed: (order: Order, recovered: boolean) => string;
  onAskAgain: (intent: string) => void;
  busy: boolean;
  testId: string;
  /** The checking line carries the test id too. */
  checkingTestId?: boolean;
}) {
  const { t } = useTranslation(p.ns);
  const o = p.outcome;
  if (!o) return <p className="so-outcome" role="status" />;
  const line = (tone: string, body: ReactNode, role = 'status', testId: string | undefined = p.testId) => (
    <p className={`so-outcome${tone}`} role={role} data-testid={testId}>
      {body}
    </p>
  );
  switch (o.kind) {
    case 'checking':
      return line('', t('checkingLong'), 'status', p.checkingTestId ? p.testId : undefined);
    case 'placed':
      return line(' is-ok', p.placed(o.order, o.recovered));
    case 'notPlaced':
      return line(' is-bad', t('notPlaced'));
    case 'unknown':
      return line(
        ' is-warn',
        <>
          {t('unconfirmed')}{' '}
          <button type="button" className="so-again" onClick={() => p.onAskAgain(o.intent)} disabled={p.busy}>
            {t('checkAgain')}
          </button>
        </>,
      );
    case 'refused':
      return line(' is-bad', o.message, 'alert');
  }
}

type OnTop = (b: { bestBid?: string; bestAsk?: string }) => void;

/**
 * What BookTopWatch told last (PERF-82): a book tells `onTop` its best bid and ask only when one of them changed
 * (or `onTop` is another function); a new `onTop` hears the best prices known at once.
 */
export class TopTeller {
  private last: { bestBid?: string; bestAsk?: string; onTop?: OnTop } = {};

  book(view: { bids: readonly { price: string }[]; asks: readonly { price: string }[] } | undefined, onTop: OnTop) {
    const bestBid = view?.bids[0]?.price;
    const bestAsk = view?.asks[0]?.price;
    const l = this.last;
    if (l.onTop === onTop && l.bestBid === bestBid && l.bestAsk === bestAsk) return;
    this.last = { bestBid, bestAsk, onTop };
    onTop({ bestBid, bestAsk });
  }

  listener(onTop: OnTop) {
    const l = this.last;
    if (l.onTop === undefined || l.onTop === onTop) return;
    this.last = { ...l, onTop };
    onTop({ bestBid: l.bestBid, bestAsk: l.bestAsk });
  }
}

/**
 * Reports the best bid and ask of the pair's book (the worker's DEPTH topic at the pair's tick) when they change;
 * renders nothing, and the book reaches it outside React (useDepthFeed, PERF-82): a book update that keeps the best
 * prices costs no render and no commit, and the form re-renders only on a new best price.
 */
export function BookTopWatch(p: { symbol: string; pricePrecision: number; amountPrecision: number; onTop: OnTop }) {
  const { symbol, pricePrecision, amountPrecision, onTop } = p;
  const [teller] = useState(() => new TopTeller());
  useDepthFeed(symbol, { pricePrecision, amountPrecision, group: 1 }, 0, (view) => teller.book(view, onTop));
  useEffect(() => teller.listener(onTop), [teller, onTop]);
  return null;
}
