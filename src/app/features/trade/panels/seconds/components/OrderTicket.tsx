/**
 * The order ticket of a second contract (SECUI-1..3): period chips with their payout, the stake with presets
 * and the live available USDT, and the Up and Down buttons showing what a win pays. The stake is checked by
 * the shared rule as the user types; the first failing rule is named under the field and the buttons stay off.
 * Signed out, the periods show with "Log in to trade" instead of the stake and the buttons. Presentational:
 * the panel passes the data and the handlers.
 */
import { LoadFailed } from './LoadFailed';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Period, SecondDirection } from '../../../../../../shared/schemas/trading';
import { formatDecimal } from '../../../../../i18n/format';
import { SignInCta } from '../../../../../ui/SignInCta';
import { sanitizeAmountInput } from '../../../../../money/transfer';
import { AvailableNote } from '../../../components/kit/AvailableNote';
import { DecimalInput } from '../../../components/kit/OrderFormShell';
import { periodLength, ratioPercent, STAKE_COIN, stakePresets, winPayout } from '../model/seconds';
import type { StakeCheck } from '../model/stake';
import { StakeError } from './StakeError';
import '../../../../../forms/forms.css';

export interface PeriodsState {
  status: 'loading' | 'ok' | 'error';
  periods: readonly Period[];
  error?: string;
  reload: () => void;
}

interface Props {
  periods: PeriodsState;
  selected: Period | undefined;
  onSelect: (id: number) => void;
  signedIn: boolean;
  stake: string;
  onStake: (v: string) => void;
  /** Available platform USDT; undefined while loading. */
  available: string | undefined;
  /** The balance could not be loaded. */
  availableError?: boolean;
  check: StakeCheck | null;
  /** The user typed or picked a stake (errors show from then on). */
  touched: boolean;
  busy: boolean;
  onPick: (direction: SecondDirection) => void;
}

/** A period's length in words of the user's language: "30 s", "2 min". */
export function periodText(t: TFunction, seconds: number): string {
  const l = periodLength(seconds);
  return t(`unit.${l.unit}`, { n: l.n });
}

export function PeriodLabel({ seconds }: { seconds: number }) {
  const { t } = useTranslation('seconds');
  return <>{periodText(t, seconds)}</>;
}

export function OrderTicket(p: Props) {
  const { t } = useTranslation('seconds');
  const id = useId();
  const { periods, selected } = p;
  const showError = p.touched && p.check !== null && !p.check.ok;
  const payout = selected ? winPayout(p.check?.ok ? p.check.amount : p.stake, selected.ratio) : null;
  const canPlace = p.signedIn && !!selected?.status && p.check?.ok === true && !p.busy;

  return (
    <div className="sec-ticket" data-testid="seconds-ticket">
      <div className="sec-label" id={`${id}-periods`}>
        {t('period')}
      </div>
      {periods.status === 'error' && periods.periods.length === 0 ? (
        <LoadFailed text={t('periodsError')} onRetry={periods.reload} />
      ) : periods.periods.length === 0 ? (
        <div className="sec-state" aria-busy={periods.status === 'loading'}>
          {periods.status === 'loading' ? t('periodsLoading') : t('periodsEmpty')}
        </div>
      ) : (
        <div className="sec-chips" role="radiogroup" aria-labelledby={`${id}-periods`}>
          {periods.periods.map((per) => (
            <button
              key={per.id}
              type="button"
              role="radio"
              aria-checked={per.id === selected?.id}
              className={`sec-chip${per.id === selected?.id ? ' is-on' : ''}`}
              disabled={!per.status}
              onClick={() => p.onSelect(per.id)}
              data-testid={`seconds-period-${per.period}`}
            >
              <span className="sec-chip__len">
                <PeriodLabel seconds={per.period} />
              </span>
              <span className="sec-chip__pct">
                {per.status ? t('payoutPct', { pct: formatDecimal(ratioPercent(per.ratio)) }) : t('periodClosed')}
              </span>
            </button>
          ))}
        </div>
      )}

      {!p.signedIn ? (
        <div className="sec-signin" data-testid="seconds-signin">
          <SignInCta compact title={t('signIn')} />
        </div>
      ) : (
        <>
          <div className={`field sec-stake${showError ? ' field--invalid' : ''}`}>
            <div className="sec-stake__head">
              <label className="field__label" htmlFor={`${id}-stake`}>
                {t('stake')}
              </label>
              <AvailableNote mode="seconds" available={p.available} error={p.availableError} coin={STAKE_COIN} />
            </div>
            <div className="field__control">
              <DecimalInput
                id={`${id}-stake`}
                className="field__input"
                value={p.stake}
                onText={(v) => p.onStake(sanitizeAmountInput(v, STAKE_COIN))}
                placeholder={
                  selected
                    ? t('range', { min: formatDecimal(selected.minAmount), max: formatDecimal(selected.maxAmount) })
                    : ''
                }
                invalid={showError}
                describedBy={`${id}-err`}
                testId="seconds-stake"
              />
              <span className="sec-unit">{STAKE_COIN}</span>
            </div>
            {selected && (
              <div className="sec-presets">
                {stakePresets(selected, p.available).map((pr) => (
                  <button
                    key={pr.key}
                    type="button"
                    className="sec-preset"
                    disabled={pr.amount === undefined}
                    onClick={() => pr.amount !== undefined && p.onStake(pr.amount)}
                    data-testid={`seconds-preset-${pr.key}`}
                  >
                    {pr.key === 'min' || pr.key === 'max' ? t(`preset.${pr.key}`) : formatDecimal(pr.amount)}
                  </button>
                ))}
              </div>
            )}
            {showError && p.check && !p.check.ok && selected && (
              <p className="field__error" id={`${id}-err`} role="alert" data-testid="seconds-stake-error">
                <StakeError check={p.check} period={selected} available={p.available} />
              </p>
            )}
          </div>

          <div className="sec-dirs">
            {(['up', 'down'] as const).map((d) => (
              <button
                key={d}
                type="button"
                className={`sec-dir sec-dir--${d}`}
                disabled={!canPlace}
                onClick={() => p.onPick(d)}
                data-testid={`seconds-${d}`}
              >
                <span className="sec-dir__name">{t(d)}</span>
                {/* In the text for screen readers and tests ("Up · pays 185 USDT"); the parts stack on screen. */}
                <span className="visually-hidden"> · </span>
                <span className="sec-dir__pays">
                  {payout ? t('pays', { amount: formatDecimal(payout), coin: STAKE_COIN }) : t('paysNone')}
                </span>
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
