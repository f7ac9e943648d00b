/**
 * The option ticket (OUI-3..5): call or put, strike and expiry (picked on the board), the quantity with presets,
 * the rules in plain words, then "Get quote" for a firm price (unit premium, premium, fee, total, the quote's own
 * countdown) and the available USDT of the platform account. One main button whose label is the next step or the
 * first rule that fails (the shared buying rule). A refusal, an expired quote's among them, shows the server's
 * message, with the new quote to confirm again. Signed out: "Log in".
 */
import { Fact } from '../../../components/kit/Fact';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { OptionKind, OptionQuote } from '../../../../../../shared/schemas/options';
import { OPTION_MAX_PREMIUM, OPTION_MIN_PREMIUM } from '../../../../../../shared/trading/optionRules';
import { formatDateTime, formatDecimal } from '../../../../../i18n/format';
import { SignInCta } from '../../../../../ui/SignInCta';
import { sanitizeAmountInput } from '../../../../../money/transfer';
import { AvailableNote } from '../../../components/kit/AvailableNote';
import { DecimalInput } from '../../../components/kit/OrderFormShell';
import { Countdown } from '../../../components/Countdown';
import {
  indicativeTotal,
  OPTION_COIN,
  trimZeros,
  quantityPresets,
  volatilityPercent,
  type TicketCheck,
} from '../model/options';
import type { OptionPick } from './OptionBoard';
import '../../../../../forms/forms.css';

/** A firm quote, with its expiry on the local clock (from the quote's own server time). */
export type HeldQuote = OptionQuote & { localExpiresAt: number };

export interface TicketProps {
  pick: OptionPick;
  pair: string;
  base: string;
  /** The board's indicative premium per unit for the pick (before the fee). */
  indicative: string | undefined;
  onKind: (kind: OptionKind) => void;
  signedIn: boolean;
  quantity: string;
  onQuantity: (q: string) => void;
  quantityDecimals: number;
  available: string | undefined;
  availableError?: boolean;
  quote: HeldQuote | null;
  check: TicketCheck;
  /** Asking for a quote, or buying. */
  busy: 'quote' | 'buy' | null;
  /** The server's refusal (an expired quote's, with the new price), or a failure to quote. */
  refusal: string;
  onQuote: () => void;
  onBuy: () => void;
  onQuoteExpired?: () => void;
  now?: () => number;
}

/** The first failing rule in the customer's language (OUI-5); the shared rule's own words name the same rule. */
export function ruleText(t: TFunction, check: TicketCheck, quantity: string, decimals: number, total?: string): string {
  if (check.ok) return '';
  switch (check.rule) {
    case 'enabled':
      return t('rule.enabled');
    case 'quantity':
      return quantity.trim() === ''
        ? t('rule.quantityEmpty')
        : /decimals/.test(check.message)
          ? t('rule.quantityDecimals', { n: decimals })
          : t('rule.quantityNumber');
    case 'expiry':
      return t('rule.expiry');
    case 'minimum':
      return t('rule.minimum', { amount: OPTION_MIN_PREMIUM, coin: OPTION_COIN });
    case 'maximum':
      return t('rule.maximum', { amount: formatDecimal(OPTION_MAX_PREMIUM), coin: OPTION_COIN });
    case 'balance':
      return t('rule.balance', { amount: formatDecimal(trimZeros(total ?? '')), coin: OPTION_COIN });
    case 'loadingBalance':
      return t('availableLoading');
    case 'quote':
      return t('getQuote');
    case 'quoteExpired':
      return t('newQuote');
  }
}

export function OptionTicket(p: TicketProps) {
  const { t } = useTranslation('options');
  const id = useId();
  const { pick, check } = p;
  const quoteMatches = !!p.quote;
  const estimate = indicativeTotal(p.indicative, p.quantity);
  const canQuote = check.ok || check.rule === 'quote' || check.rule === 'quoteExpired';
  const label = check.ok
    ? t('buy', {
        kind: t(`kind.${pick.kind}`),
        amount: formatDecimal(trimZeros(p.quote?.total ?? '')),
        coin: OPTION_COIN,
      })
    : // SIDE-2: the button names its side before what it waits for ("Buy Call · Enter a quantity").
      `${t('buyKind', { kind: t(`kind.${pick.kind}`) })} · ${ruleText(t, check, p.quantity, p.quantityDecimals, p.quote?.total)}`;
  const failing = !check.ok && check.rule !== 'quote' && check.rule !== 'quoteExpired';
  return (
    <div className="opt-ticket" data-testid="options-ticket">
      <div className="opt-kinds" role="radiogroup" aria-label={t('ticket.kind')}>
        {(['call', 'put'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={pick.kind === k}
            className={`opt-kind opt-kind--${k}`}
            onClick={() => p.onKind(k)}
            data-testid={`options-kind-${k}`}
          >
            {t(`kind.${k}`)}
          </button>
        ))}
      </div>
      <dl className="opt-facts">
        <Fact label={t('ticket.pair')}>{p.pair}</Fact>
        <Fact label={t('ticket.strike')} testId="options-ticket-strike">
          {formatDecimal(pick.strike)}
        </Fact>
        <Fact label={t('ticket.expiry')}>
          {t(`tenor.${pick.tenor}`)} · {formatDateTime(pick.expiry)}
        </Fact>
        <Fact label={t('ticket.indicative')}>
          {p.indicative ? `${formatDecimal(p.indicative)} ${OPTION_COIN}` : '--'}
        </Fact>
      </dl>

      {!p.signedIn ? (
        <div data-testid="options-signin">
          <SignInCta compact title={t('signIn')} />
        </div>
      ) : (
        <>
          {/* An empty quantity is not an error yet: the button says what to enter. */}
          <div className={`field${failing && check.rule === 'quantity' && p.quantity !== '' ? ' field--invalid' : ''}`}>
            <div className="opt-qhead">
              <label className="field__label" htmlFor={`${id}-q`}>
                {t('ticket.quantity', { coin: p.base })}
              </label>
              <AvailableNote mode="options" available={p.available} error={p.availableError} coin={OPTION_COIN} />
            </div>
            <div className="field__control">
              <DecimalInput
                id={`${id}-q`}
                className="field__input"
                value={p.quantity}
                onText={(v) => p.onQuantity(sanitizeAmountInput(v, p.base))}
                testId="options-quantity"
              />
              <span className="opt-unit">{p.base}</span>
            </div>
            <div className="opt-presets">
              {quantityPresets(p.quantityDecimals).map((q) => (
                <button
                  key={q}
                  type="button"
                  className="opt-preset"
                  aria-pressed={p.quantity === q}
                  onClick={() => p.onQuantity(q)}
                  data-testid={`options-preset-${q}`}
                >
                  {formatDecimal(q)}
                </button>
              ))}
            </div>
            {!quoteMatches && estimate && (
              <p className="opt-estimate">{t('estimate', { amount: formatDecimal(estimate), coin: OPTION_COIN })}</p>
            )}
          </div>

          {p.quote && <QuoteView quote={p.quote} onExpired={p.onQuoteExpired} now={p.now} />}

          {p.refusal && (
            <p className="opt-refusal" role="alert" data-testid="options-refusal">
              {p.refusal}
            </p>
          )}

          <button
            type="button"
            className={`fbtn fbtn--primary fbtn--block opt-main opt-main--${pick.kind}`}
            disabled={p.busy !== null || !canQuote}
            aria-busy={p.busy !== null}
            onClick={check.ok ? p.onBuy : p.onQuote}
            data-testid="options-submit"
            data-rule={check.ok ? 'ok' : check.rule}
          >
            {p.busy === 'quote' ? t('quoting') : p.busy === 'buy' ? t('buying') : label}
          </button>
          {check.ok && (
            <button
              type="button"
              className="opt-link"
              disabled={p.busy !== null}
              onClick={p.onQuote}
              data-testid="options-requote"
            >
              {t('refreshQuote')}
            </button>
          )}
        </>
      )}
      <p className="opt-rules" data-testid="options-rules">
        {t(`rules.${pick.kind}`, { strike: formatDecimal(pick.strike), coin: OPTION_COIN, base: p.base })}{' '}
        {t('rules.settle')} {t('rules.loss')}
      </p>
    </div>
  );
}

function QuoteView({ quote: q, onExpired, now }: { quote: HeldQuote; onExpired?: () => void; now?: () => number }) {
  const { t } = useTranslation('options');
  return (
    <section className="opt-quote" aria-label={t('quote.title')} data-testid="options-quote">
      <div className="opt-quote__head">
        <span>{t('quote.title')}</span>
        <span className="opt-quote__left">
          {t('quote.validFor')}{' '}
          <Countdown key={q.quoteId} closeTime={q.localExpiresAt} offset={null} onClose={onExpired} now={now} />
        </span>
      </div>
      <dl className="opt-facts opt-facts--quote">
        <Fact label={t('quote.unit')}>{`${formatDecimal(q.unitPremium)} ${OPTION_COIN}`}</Fact>
        <Fact
          label={t('quote.premium', { quantity: formatDecimal(q.quantity) })}
          testId="options-quote-premium"
        >{`${formatDecimal(trimZeros(q.premium))} ${OPTION_COIN}`}</Fact>
        <Fact label={t('quote.fee')}>{`${formatDecimal(trimZeros(q.fee))} ${OPTION_COIN}`}</Fact>
        <div className="opt-facts__total">
          <dt>{t('quote.total')}</dt>
          <dd data-testid="options-quote-total">{`${formatDecimal(trimZeros(q.total))} ${OPTION_COIN}`}</dd>
        </div>
      </dl>
      <p className="opt-quote__inputs">
        {t('quote.inputs', {
          spot: formatDecimal(q.spot),
          vol: formatDecimal(volatilityPercent(q.volatility)),
        })}
      </p>
    </section>
  );
}
