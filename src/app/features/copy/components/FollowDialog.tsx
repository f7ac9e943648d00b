/**
 * The follow dialog (FOLUI-5): a fixed margin per trade or a ratio of the lead's margin, a total cap and an
 * optional stop; before confirming, what following means (the trader's share of profits, every order copied at
 * their leverage within the cap, orders skipped when margin is short) and the contract account's available USDT
 * with a link to transfer. The button names the first rule the form breaks (the shared `checkFollow`, which the
 * server runs too); the call goes through `mutate()` with one Idempotency-Key per opening of the dialog.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nanoid } from 'nanoid';
import {
  FOLLOW_MAX_AMOUNT,
  FOLLOW_MAX_RATIO,
  FOLLOW_MIN_AMOUNT,
  FOLLOW_MIN_RATIO,
} from '../../../../shared/earn/followRules';
import type { Follow } from '../../../../shared/schemas/follow';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { useAssetBalances } from '../../../money/balances';
import { APP_PATHS } from '../../../ui/appPaths';
import { sendFollow } from '../data';
import { bodyOf, draftOf, EMPTY_DRAFT, failingRule, followIntent, type FollowDraft } from '../model/follow';
import { useFmt } from './cells';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { AlertText } from '../../../ui/AlertText';
import { UnitField } from '../../../forms/UnitField';

export interface FollowTarget {
  traderId: number;
  nickname: string;
  /** The trader's share of the follower's profits, a fraction. */
  shareRate: string;
  /** Followers now and at most (a full trader takes no new followers). */
  followers?: number;
  maxFollowers?: number;
}

/** The contract account's available USDT, undefined while the balances load. */
function useContractUsdt(): string | undefined {
  const b = useAssetBalances();
  if (!b.data) return undefined;
  return b.data.find((r) => r.account === 'contract' && r.coin.toUpperCase() === 'USDT')?.available ?? '0';
}

export interface FollowFormProps {
  target: FollowTarget;
  /** The caller's follow of this trader: the dialog edits it. */
  existing?: Follow;
  onClose: () => void;
  /** A prefilled form (the tests). */
  initial?: FollowDraft;
}

export function FollowDialog(props: FollowFormProps) {
  const { t } = useTranslation('follow');
  const { target, existing, onClose } = props;
  return (
    <Popup
      open
      onClose={onClose}
      variant="sheet"
      title={t(existing ? 'dialog.editTitle' : 'dialog.title', { name: target.nickname })}
    >
      <FollowForm {...props} />
    </Popup>
  );
}

/** The dialog's body: the fields, the disclosure, the available USDT and the button. */
export function FollowForm({ target, existing, onClose, initial }: FollowFormProps) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  const desktop = useIsDesktop();
  const ids = useId();
  const formId = useMemo(() => nanoid(8), []);
  const [d, setD] = useState<FollowDraft>(initial ?? (existing ? draftOf(existing) : EMPTY_DRAFT));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const available = useContractUsdt();
  const rule = failingRule(d);
  const set = (patch: Partial<FollowDraft>) => {
    setD((x) => ({ ...x, ...patch }));
    setError('');
  };
  const kind = existing ? 'update' : 'follow';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rule || busy) return;
    setBusy(true);
    setError('');
    try {
      await sendFollow(kind, bodyOf(target.traderId, d), followIntent(kind, target.traderId, formId));
      toast(t(existing ? 'dialog.saved' : 'dialog.followed', { name: target.nickname }), { kind: 'success' });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'amount' | 'ratio' | 'maxTotal' | 'stopLoss', hint: string, unit: string) => (
    <UnitField
      look="cp"
      label={t(`dialog.${name}`)}
      value={d[name]}
      onValue={(text) => set({ [name]: text })}
      unit={unit}
      hint={hint}
      aria-invalid={rule === name}
      testId={`follow-${name}`}
    />
  );

  return (
    <form className="cp-dialog" data-testid="follow-dialog" onSubmit={submit}>
      <ChoiceGroup
        kind="radio"
        className="cp-seg"
        label={t('dialog.mode')}
        options={['fixed', 'ratio'] as const}
        isOn={(m) => d.mode === m}
        onPick={(m) => set({ mode: m })}
        buttonClass="cp-seg__btn"
        testId={(m) => `follow-mode-${m}`}
      >
        {(m) => t(`mode.${m}`)}
      </ChoiceGroup>
      {d.mode === 'fixed'
        ? field('amount', t('dialog.amountHint', { min: FOLLOW_MIN_AMOUNT, max: FOLLOW_MAX_AMOUNT }), 'USDT')
        : field('ratio', t('dialog.ratioHint', { min: FOLLOW_MIN_RATIO, max: FOLLOW_MAX_RATIO }), 'x')}
      {field('maxTotal', t('dialog.maxTotalHint'), 'USDT')}
      {field('stopLoss', t('dialog.stopLossHint'), 'USDT')}

      <div className="cp-available">
        <span>{t('dialog.available')}</span>
        <span className="cp-num" data-testid="follow-available">
          {available === undefined ? '--' : `${f.money(available)} USDT`}
        </span>
        <Link className="cp-link" to={desktop ? APP_PATHS.wallet.assets : APP_PATHS.wallet.wallet}>
          {t('dialog.transfer')}
        </Link>
      </div>

      <section className="cp-disclosure" aria-labelledby={`${ids}-disc`} data-testid="follow-disclosure">
        <h3 id={`${ids}-disc`}>{t('dialog.disclosureTitle')}</h3>
        <ul>
          <li>{t('dialog.discShare', { rate: f.pct(target.shareRate), name: target.nickname })}</li>
          <li>{t('dialog.discCopy')}</li>
          <li>{t('dialog.discSkip')}</li>
          <li>{t('dialog.discStop')}</li>
        </ul>
      </section>

      <AlertText text={error} className="cp-error" testId="follow-error" />
      <button
        type="submit"
        className="cp-btn cp-btn--primary cp-btn--block"
        disabled={rule !== null || busy}
        data-testid="follow-submit"
      >
        {rule ? t(`rule.${rule}`) : busy ? t('dialog.sending') : t(existing ? 'dialog.save' : 'dialog.confirm')}
      </button>
    </form>
  );
}
