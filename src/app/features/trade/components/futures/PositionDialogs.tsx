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

export function ClosePositionDialog({ pair, position, mark, onClose }: DialogProps) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const id = useId();
  const free = new Decimal(position.shares).minus(position.closingShares).toFixed();
  const [shares, setShares] = useState(free);
  const [intent] = useState(() => nanoid(8));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const n = /^\d+$/.test(shares) ? new Decimal(shares) : new Decimal(0);
  const problem = n.isZero() ? t('rule.sharesEmpty') : n.gt(free) ? t('closeAtMost', { shares: free }) : '';
  const pnl = mark && !problem ? pnlAt(pair, position.side, position.entryPrice, shares, mark) : undefined;
  const fee = mark && !problem ? tradeFee(pair, 'close', shares, mark) : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || problem) return;
    setBusy(true);
    setError('');
    try {
      await closePosition(position.id, n.eq(position.shares) ? undefined : shares, intent);
      toast(t('closeSent'), { kind: 'success' });
      onClose();
    } catch (err) {
      setError(errText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fd" onSubmit={submit} noValidate data-testid="close-dialog">
      <p className="fd-lead">{t('closeLead')}</p>
      <div className="so-field">
        <label htmlFor={`${id}-s`} className="so-field__label">
          {t('size')}
        </label>
        <input
          id={`${id}-s`}
          className="so-field__input num"
          inputMode="numeric"
          value={shares}
          onChange={(e) => {
            setShares(sanitizeDecimalInput(e.target.value, 0));
            setError('');
          }}
          {...fieldAria(problem !== '', `${id}-why`)}
          data-testid="close-shares"
        />
        <span className="so-field__unit">{t('sharesUnit')}</span>
      </div>
      <div className="fd-presets">
        {CLOSE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="so-stop"
            onClick={() => {
              setShares(sharesAtPercent(free, p));
              setError('');
            }}
          >
            {`${p}%`}
          </button>
        ))}
      </div>
      <dl className="fo-preview">
        <div>
          <dt>{t('markPrice')}</dt>
          <dd className="num">{mark ? formatDecimal(mark, lang) : '--'}</dd>
        </div>
        <div>
          <dt>{t('estPnl')}</dt>
          <dd className={`num${pnl?.startsWith('-') ? ' fo-down' : pnl ? ' fo-up' : ''}`} data-testid="close-pnl">
            {pnl ? `${formatFixed(pnl, QUOTE_DISPLAY_DECIMALS, {}, lang)} ${MARGIN_COIN}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('fee')}</dt>
          <dd className="num">{fee ? `${formatFixed(fee, QUOTE_DISPLAY_DECIMALS, {}, lang)} ${MARGIN_COIN}` : '--'}</dd>
        </div>
      </dl>
      {(problem || error) && (
        <p className="fo-why" role="alert" id={`${id}-why`}>
          {problem || error}
        </p>
      )}
      <button type="submit" className="so-submit so-submit--sell fd-ok" disabled={busy || problem !== ''}>
        {busy ? t('placing') : t('closeAtMarket')}
      </button>
    </form>
  );
}

export function MarginDialog({ pair, position, mark, available, onClose }: DialogProps & { available: string }) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const id = useId();
  const [flag, setFlag] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  // One intent per dialog: a retry after a lost reply reuses its key (mutate ends it on an answer).
  const [intent] = useState(() => nanoid(8));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const check = checkMarginChange(pair, position, flag, amount, mark ?? position.entryPrice, available);
  // The rule is about the amount, once one is typed.
  const amountWrong = !check.ok && amount !== '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check.ok) return;
    setBusy(true);
    setError('');
    try {
      await adjustMargin(position.id, flag, amount, intent);
      toast(t(flag === 'add' ? 'marginAdded' : 'marginRemoved'), { kind: 'success' });
      onClose();
    } catch (err) {
      setError(errText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fd" onSubmit={submit} noValidate data-testid="margin-dialog">
      <div className="fo-seg" role="group" aria-label={t('adjustMargin')}>
        {(['add', 'remove'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={`fo-segbtn${flag === f ? ' is-active' : ''}`}
            aria-pressed={flag === f}
            onClick={() => {
              setFlag(f);
              setError('');
            }}
          >
            {t(f === 'add' ? 'addMargin' : 'removeMargin')}
          </button>
        ))}
      </div>
      <div className="so-field">
        <label htmlFor={`${id}-a`} className="so-field__label">
          {t('amount')}
        </label>
        <input
          id={`${id}-a`}
          className="so-field__input num"
          inputMode="decimal"
          value={amount}
          onChange={(e) => {
            setAmount(sanitizeDecimalInput(e.target.value, 6));
            setError('');
          }}
          {...fieldAria(amountWrong, `${id}-why`)}
          data-testid="margin-amount"
        />
        <span className="so-field__unit">{MARGIN_COIN}</span>
      </div>
      <dl className="fo-preview">
        {flag === 'add' && (
          <div>
            <dt>{t('available')}</dt>
            <dd className="num">{`${formatDecimal(trimMoney(available), lang)} ${MARGIN_COIN}`}</dd>
          </div>
        )}
        <div>
          <dt>{t('margin')}</dt>
          <dd className="num">
            {`${formatDecimal(trimMoney(position.margin), lang)} → ${check.ok ? formatDecimal(trimMoney(check.margin), lang) : '--'}`}
          </dd>
        </div>
        <div>
          <dt>{t('liqPrice')}</dt>
          <dd className="num" data-testid="margin-liq">
            {`${formatDecimal(position.liquidationPrice, lang)} → ${check.ok ? formatDecimal(check.liquidationPrice, lang) : '--'}`}
          </dd>
        </div>
      </dl>
      {(amountWrong || error) && (
        <p className="fo-why" role="alert" id={`${id}-why`}>
          {!check.ok && amountWrong ? check.message : error}
        </p>
      )}
      <button type="submit" className="so-submit so-submit--buy fd-ok" disabled={busy || !check.ok}>
        {busy ? t('placing') : t('confirm')}
      </button>
    </form>
  );
}

export function TpSlDialog({ pair, position, mark, onClose }: DialogProps) {
  const { t } = useTranslation('futures');
  const lang = useLanguage();
  const id = useId();
  const [tp, setTp] = useState(position.takeProfit ?? '');
  const [sl, setSl] = useState(position.stopLoss ?? '');
  // One intent per dialog: a retry after a lost reply reuses its key (mutate ends it on an answer).
  const [intent] = useState(() => nanoid(8));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const check = checkTpSl(pair, position.side, mark ?? position.entryPrice, position.liquidationPrice, tp, sl);
  // The field the failing rule is about (checkTpSl names it).
  const wrong = check.ok ? undefined : check.field;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check.ok) return;
    setBusy(true);
    setError('');
    try {
      await setTpSl(position.id, tp === '' ? null : tp, sl === '' ? null : sl, intent);
      toast(t('tpslSaved'), { kind: 'success' });
      onClose();
    } catch (err) {
      setError(errText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fd" onSubmit={submit} noValidate data-testid="tpsl-dialog">
      <dl className="fo-preview">
        <div>
          <dt>{t('entryPrice')}</dt>
          <dd className="num">{formatDecimal(position.entryPrice, lang)}</dd>
        </div>
        <div>
          <dt>{t('markPrice')}</dt>
          <dd className="num">{mark ? formatDecimal(mark, lang) : '--'}</dd>
        </div>
        <div>
          <dt>{t('liqPrice')}</dt>
          <dd className="num">{formatDecimal(position.liquidationPrice, lang)}</dd>
        </div>
      </dl>
      <div className="so-field">
        <label htmlFor={`${id}-tp`} className="so-field__label">
          {t('takeProfit')}
        </label>
        <input
          id={`${id}-tp`}
          className="so-field__input num"
          inputMode="decimal"
          value={tp}
          placeholder={t('optional')}
          onChange={(e) => {
            setTp(sanitizeDecimalInput(e.target.value, pair.baseScale));
            setError('');
          }}
          {...fieldAria(wrong === 'takeProfit', `${id}-why`, `${id}-hint`)}
          data-testid="tpsl-tp"
        />
        <span className="so-field__unit">{pair.baseCoin}</span>
      </div>
      <div className="so-field">
        <label htmlFor={`${id}-sl`} className="so-field__label">
          {t('stopLoss')}
        </label>
        <input
          id={`${id}-sl`}
          className="so-field__input num"
          inputMode="decimal"
          value={sl}
          placeholder={t('optional')}
          onChange={(e) => {
            setSl(sanitizeDecimalInput(e.target.value, pair.baseScale));
            setError('');
          }}
          {...fieldAria(wrong === 'stopLoss', `${id}-why`, `${id}-hint`)}
          data-testid="tpsl-sl"
        />
        <span className="so-field__unit">{pair.baseCoin}</span>
      </div>
      <p className="fd-lead" id={`${id}-hint`}>
        {t('tpslHint')}
      </p>
      {(error || !check.ok) && (
        <p className="fo-why" role="alert" id={`${id}-why`}>
          {!check.ok ? check.message : error}
        </p>
      )}
      <button type="submit" className="so-submit so-submit--buy fd-ok" disabled={busy || !check.ok}>
        {busy ? t('placing') : t('confirm')}
      </button>
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
