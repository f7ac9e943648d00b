/**
 * The position dialogs (FUI-11..FUI-13): close at market (part or all, presets 25/50/75/100 %), adjust margin
 * (add or remove; the new liquidation price from the shared `checkMarginChange` before confirming) and take-profit
 * / stop-loss (the shared `checkTpSl`). Each confirmation is one intent with its own idempotency key; a refusal
 * is shown in the dialog with the server's reason, and nothing is half-applied. A rule the input breaks marks its
 * field invalid and describes it by the rule's sentence (A11Y-16); a change of the input clears the server's
 * reason, which was about the last attempt.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nanoid } from 'nanoid';
import { Decimal } from '../../../../../shared/decimal';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import type { Position } from '../../../../../shared/schemas/futures';
import { checkMarginChange, checkTpSl } from '../../../../../shared/trading/futuresChecks';
import { MARGIN_COIN, pnlAt, tradeFee } from '../../../../../shared/trading/futuresRules';
import { formatDecimal, formatFixed } from '../../../../i18n/format';
import { QUOTE_DISPLAY_DECIMALS } from '../../../../../shared/numberFormat';
import { Popup } from '../../../../ui/Popup';
import { toast } from '../../../../state/toast';
import { useLanguage } from '../../../../ui/Price';
import { sanitizeDecimalInput } from '../../model/spotForm';
import { adjustMargin, closePosition, setTpSl } from '../../futuresOrders';
import { trimMoney } from './futuresForm';

export type PositionDialog = 'close' | 'margin' | 'tpsl';
export const CLOSE_PRESETS = [25, 50, 75, 100] as const;

/** Whole shares at `pct` % of `free` (rounded down; 100 % is all of it). */
export function sharesAtPercent(free: string, pct: number): string {
  return new Decimal(free).times(pct).div(100).floor().toFixed();
}

interface DialogProps {
  pair: ContractPair;
  position: Position;
  /** The mark price the dialog checks against (the row's). */
  mark: string | undefined;
  onClose: () => void;
}

function errText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A11Y-16: a field the shown rule is about is `aria-invalid` and described by the rule's sentence (and by its help,
 * when it has one); otherwise by its help alone.
 */
function fieldAria(invalid: boolean, whyId: string, helpId?: string) {
  const describedBy = [invalid ? whyId : '', helpId ?? ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  };
}

/**
 * A dialog's confirmation: one intent (idempotency key) for the dialog's life, so a retry after a lost reply reuses
 * it; `send` is not called while busy or while a rule is broken (`blocked`). Success toasts `done` and closes; a
 * refusal is kept as `error` until an edit (`edit`) clears it.
 */
function useConfirm(blocked: boolean, send: (intent: string) => Promise<unknown>, done: string, onClose: () => void) {
  const [intent] = useState(() => nanoid(8));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || blocked) return;
    setBusy(true);
    setError('');
    try {
      await send(intent);
      toast(done, { kind: 'success' });
      onClose();
    } catch (err) {
      setError(errText(err));
    } finally {
      setBusy(false);
    }
  };
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setError('');
    };
  return { busy, error, submit, edit };
}

/** A dialog's input with its label and unit; typing keeps `decimals` places at most. */
function DialogField(p: {
  id: string;
  label: string;
  unit: string;
  value: string;
  decimals: number;
  onValue: (v: string) => void;
  aria: ReturnType<typeof fieldAria>;
  placeholder?: string;
  testId: string;
}) {
  return (
    <div className="so-field">
      <label htmlFor={p.id} className="so-field__label">
        {p.label}
      </label>
      <input
        id={p.id}
        className="so-field__input num"
        inputMode={p.decimals === 0 ? 'numeric' : 'decimal'}
        value={p.value}
        placeholder={p.placeholder}
        onChange={(e) => p.onValue(sanitizeDecimalInput(e.target.value, p.decimals))}
        {...p.aria}
        data-testid={p.testId}
      />
      <span className="so-field__unit">{p.unit}</span>
    </div>
  );
}

/** A label-and-value line of a dialog's preview. */
function PreviewRow({
  label,
  value,
  className,
  testId,
}: {
  label: string;
  value: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className ?? 'num'} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The dialog's foot: the rule or refusal to show (`why`, none when null) and the confirm button. */
function DialogFoot(p: {
  id: string;
  why: string | null;
  busy: boolean;
  blocked: boolean;
  tone: 'buy' | 'sell';
  label: string;
}) {
  const { t } = useTranslation('futures');
  return (
    <>
      {p.why !== null && (
        <p className="fo-why" role="alert" id={`${p.id}-why`}>
          {p.why}
        </p>
      )}
      <button type="submit" className={`so-submit so-submit--${p.tone} fd-ok`} disabled={p.busy || p.blocked}>
        {p.busy ? t('placing') : p.label}
      </button>
    </>
  );
}

export function ClosePositionDialog({ pair, position, mark, onClose }: DialogProps) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const id = useId();
  const free = new Decimal(position.shares).minus(position.closingShares).toFixed();
  const [shares, setShares] = useState(free);
  const n = /^\d+$/.test(shares) ? new Decimal(shares) : new Decimal(0);
  const problem = n.isZero() ? t('rule.sharesEmpty') : n.gt(free) ? t('closeAtMost', { shares: free }) : '';
  const pnl = mark && !problem ? pnlAt(pair, position.side, position.entryPrice, shares, mark) : undefined;
  const fee = mark && !problem ? tradeFee(pair, 'close', shares, mark) : undefined;
  const { busy, error, submit, edit } = useConfirm(
    problem !== '',
    (intent) => closePosition(position.id, n.eq(position.shares) ? undefined : shares, intent),
    t('closeSent'),
    onClose,
  );
  const money = (v: string | undefined) =>
    v ? `${formatFixed(v, QUOTE_DISPLAY_DECIMALS, {}, lang)} ${MARGIN_COIN}` : '--';
  return (
    <form className="fd" onSubmit={submit} noValidate data-testid="close-dialog">
      <p className="fd-lead">{t('closeLead')}</p>
      <DialogField
        id={`${id}-s`}
        label={t('size')}
        unit={t('sharesUnit')}
        value={shares}
        decimals={0}
        onValue={edit(setShares)}
        aria={fieldAria(problem !== '', `${id}-why`)}
        testId="close-shares"
      />
      <div className="fd-presets">
        {CLOSE_PRESETS.map((p) => (
          <button key={p} type="button" className="so-stop" onClick={() => edit(setShares)(sharesAtPercent(free, p))}>
            {`${p}%`}
          </button>
        ))}
      </div>
      <dl className="fo-preview">
        <PreviewRow label={t('markPrice')} value={mark ? formatDecimal(mark, lang) : '--'} />
        <PreviewRow
          label={t('estPnl')}
          value={money(pnl)}
          className={`num${pnl?.startsWith('-') ? ' fo-down' : pnl ? ' fo-up' : ''}`}
          testId="close-pnl"
        />
        <PreviewRow label={t('fee')} value={money(fee)} />
      </dl>
      <DialogFoot
        id={id}
        why={problem || error || null}
        busy={busy}
        blocked={problem !== ''}
        tone="sell"
        label={t('closeAtMarket')}
      />
    </form>
  );
}

export function MarginDialog({ pair, position, mark, available, onClose }: DialogProps & { available: string }) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const id = useId();
  const [flag, setFlag] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  const check = checkMarginChange(pair, position, flag, amount, mark ?? position.entryPrice, available);
  // The rule is about the amount, once one is typed.
  const amountWrong = !check.ok && amount !== '';
  const { busy, error, submit, edit } = useConfirm(
    !check.ok,
    (intent) => adjustMargin(position.id, flag, amount, intent),
    t(flag === 'add' ? 'marginAdded' : 'marginRemoved'),
    onClose,
  );
  const money = (v: string) => formatDecimal(trimMoney(v), lang);
  return (
    <form className="fd" onSubmit={submit} noValidate data-testid="margin-dialog">
      <div className="fo-seg" role="group" aria-label={t('adjustMargin')}>
        {(['add', 'remove'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={`fo-segbtn${flag === f ? ' is-active' : ''}`}
            aria-pressed={flag === f}
            onClick={() => edit(setFlag)(f)}
          >
            {t(f === 'add' ? 'addMargin' : 'removeMargin')}
          </button>
        ))}
      </div>
      <DialogField
        id={`${id}-a`}
        label={t('amount')}
        unit={MARGIN_COIN}
        value={amount}
        decimals={6}
        onValue={edit(setAmount)}
        aria={fieldAria(amountWrong, `${id}-why`)}
        testId="margin-amount"
      />
      <dl className="fo-preview">
        {flag === 'add' && <PreviewRow label={t('available')} value={`${money(available)} ${MARGIN_COIN}`} />}
        <PreviewRow
          label={t('margin')}
          value={`${money(position.margin)} → ${check.ok ? money(check.margin) : '--'}`}
        />
        <PreviewRow
          label={t('liqPrice')}
          value={`${formatDecimal(position.liquidationPrice, lang)} → ${check.ok ? formatDecimal(check.liquidationPrice, lang) : '--'}`}
          testId="margin-liq"
        />
      </dl>
      <DialogFoot
        id={id}
        why={!check.ok && amountWrong ? check.message : error || null}
        busy={busy}
        blocked={!check.ok}
        tone="buy"
        label={t('confirm')}
      />
    </form>
  );
}

export function TpSlDialog({ pair, position, mark, onClose }: DialogProps) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const id = useId();
  const [tp, setTp] = useState(position.takeProfit ?? '');
  const [sl, setSl] = useState(position.stopLoss ?? '');
  const check = checkTpSl(pair, position.side, mark ?? position.entryPrice, position.liquidationPrice, tp, sl);
  // The field the failing rule is about (checkTpSl names it).
  const wrong = check.ok ? undefined : check.field;
  const { busy, error, submit, edit } = useConfirm(
    !check.ok,
    (intent) => setTpSl(position.id, tp === '' ? null : tp, sl === '' ? null : sl, intent),
    t('tpslSaved'),
    onClose,
  );
  const price = (field: 'takeProfit' | 'stopLoss', value: string, set: (v: string) => void, key: 'tp' | 'sl') => (
    <DialogField
      id={`${id}-${key}`}
      label={t(field)}
      unit={pair.baseCoin}
      value={value}
      decimals={pair.baseScale}
      onValue={edit(set)}
      aria={fieldAria(wrong === field, `${id}-why`, `${id}-hint`)}
      placeholder={t('optional')}
      testId={`tpsl-${key}`}
    />
  );
  return (
    <form className="fd" onSubmit={submit} noValidate data-testid="tpsl-dialog">
      <dl className="fo-preview">
        <PreviewRow label={t('entryPrice')} value={formatDecimal(position.entryPrice, lang)} />
        <PreviewRow label={t('markPrice')} value={mark ? formatDecimal(mark, lang) : '--'} />
        <PreviewRow label={t('liqPrice')} value={formatDecimal(position.liquidationPrice, lang)} />
      </dl>
      {price('takeProfit', tp, setTp, 'tp')}
      {price('stopLoss', sl, setSl, 'sl')}
      <p className="fd-lead" id={`${id}-hint`}>
        {t('tpslHint')}
      </p>
      <DialogFoot
        id={id}
        why={!check.ok ? check.message : error || null}
        busy={busy}
        blocked={!check.ok}
        tone="buy"
        label={t('confirm')}
      />
    </form>
  );
}

/** The dialog of one position, in a popup titled with the pair and side. */
export function PositionDialogHost({
  dialog,
  pair,
  position,
  mark,
  available,
  onClose,
}: {
  dialog: PositionDialog | null;
  pair: ContractPair | undefined;
  position: Position | undefined;
  mark: string | undefined;
  available: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('futures');
  const open = dialog !== null && pair !== undefined && position !== undefined;
  const title =
    open && pair && position
      ? `${t(dialog === 'close' ? 'closePosition' : dialog === 'margin' ? 'adjustMargin' : 'tpsl')} · ${pair.coin}/${pair.baseCoin} ${t(position.side)} ${position.leverage}x`
      : '';
  return (
    <Popup open={open} onClose={onClose} title={title} variant="sheet">
      {open && pair && position && dialog === 'close' && (
        <ClosePositionDialog pair={pair} position={position} mark={mark} onClose={onClose} />
      )}
      {open && pair && position && dialog === 'margin' && (
        <MarginDialog pair={pair} position={position} mark={mark} available={available} onClose={onClose} />
      )}
      {open && pair && position && dialog === 'tpsl' && (
        <TpSlDialog pair={pair} position={position} mark={mark} onClose={onClose} />
      )}
    </Popup>
  );
}
