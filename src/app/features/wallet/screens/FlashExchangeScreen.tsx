/**
 * The flash exchange (FX-6; /flashExchange and /exchange): from and to coins with logos and the platform
 * balances, the amount with Max, "you receive" as the user types (the shared flashOutcome on the quote), the rate,
 * spread and fee, and the quote's countdown on server time (the socket frames' clock offset, from the market
 * worker); refresh, convert (once per intent), and the history.
 * An expired quote is replaced on its own; one the server refused as expired is replaced and the user told.
 * Phone: one column. Desktop: the form on the left, the history table on the right.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ExchangeRecord, Quote } from '../../../../shared/schemas/exchange';
import { ApiError } from '../../../api/client';
import { formatDecimal, formatRate } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';

import { session } from '../../../state/session';

import { toast } from '../../../state/toast';
import { useAssetBalances } from '../../../money/balances';
import { SwapButton } from '../components/walletIcons';
import { exchangeOfQuote, fetchQuote, outcomeUnknown, sendExchange, useExchangeCoins } from '../exchangeData';
import { flashOutcome } from '../../../../shared/wallet/flashQuote';
import { serverClockOffset } from '../../../market/serverClock';
import { percentOf, previewFlash, quoteDeadline, quoteTimeLeft } from '../model/flash';
import { availableOf, sanitizeAmountInput } from '../../../money/transfer';
import '../../../forms/forms.css';
import '../components/wallet.css';
import '../components/exchange.css';
import { ExchangeHistory } from '../components/ExchangeHistory';
import { ExchangeLeg } from '../components/ExchangeLeg';
import { Popup } from '../../../ui/Popup';
import { clock } from '../../../time/clock';
import { AlertText } from '../../../ui/AlertText';
import { LoadFailed } from '../components/WalletState';

interface HeldQuote {
  quote: Quote;
  /** performance.now() when the quote ends (quoteDeadline: on server time). */
  deadline: number;
}

const EXPIRED_RE = /expired/i;

export default function FlashExchangeScreen() {
  const { t } = useTranslation(['wallet', 'common']);
  const desktop = useIsDesktop();
  const { userInfo } = useSnapshot(session);
  const uid = userInfo?.uid ?? '';
  return (
    <div className="wallet-screen fx-screen" data-testid="exchange-screen">
      <TopBar title={t('common:title.flashExchange')} back={!desktop} />
      <div className={`app-column fx-layout${desktop ? ' fx-layout--desktop' : ''}`}>
        <ExchangeForm />
        <ExchangeHistory uid={uid} desktop={desktop} />
      </div>
    </div>
  );
}

function ExchangeForm() {
  const { t } = useTranslation('wallet');
  const id = useId();
  const coins = useExchangeCoins();
  const balances = useAssetBalances();
  const entries = useMemo(() => balances.data ?? [], [balances.data]);
  const codes = useMemo(() => (coins.data ?? []).map((c) => c.coin), [coins.data]);
  const [from, setFrom] = useState('USDT');
  const [to, setTo] = useState('BTC');
  const [amount, setAmount] = useState('');
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const [quoteError, setQuoteError] = useState('');
  const [notice, setNotice] = useState('');
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const request = useRef(0);

  const available = availableOf(entries, 'platform', from);

  const requote = useCallback(async (f: string, tc: string) => {
    const n = ++request.current;
    setQuoteError('');
    try {
      const q = await fetchQuote(f, tc);
      const arrivedAt = clock.monotonic();
      const wall = clock.now();
      const offset = await serverClockOffset();
      if (n === request.current) setHeld({ quote: q, deadline: quoteDeadline(q, arrivedAt, wall, offset) });
    } catch (err) {
      if (n === request.current) {
        setHeld(null);
        setQuoteError(err instanceof Error ? err.message : String(err));
      }
    }
  }, []);

  useEffect(() => {
    if (from === to) return;
    setHeld(null);
    void requote(from, to);
  }, [from, to, requote]);

  const quote = held && held.quote.from === from && held.quote.to === to ? held.quote : null;
  const preview = quote ? previewFlash(amount, quote, available) : null;

  const pick = (side: 'from' | 'to', coin: string) => {
    setServerError('');
    setNotice('');
    if (side === 'from') {
      if (coin === to) setTo(from);
      setFrom(coin);
      setAmount('');
    } else {
      if (coin === from) {
        setFrom(to);
        setAmount('');
      }
      setTo(coin);
    }
  };
  const swap = () => {
    setServerError('');
    setNotice('');
    setFrom(to);
    setTo(from);
    setAmount('');
  };

  // WORD-5: the button asks for a confirmation that shows the quote's figures and countdown; only a quote that is
  // still valid at the tap is executed, an ended one is replaced and the user confirms the new figures.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !quote || preview?.state !== 'ok') return;
    setServerError('');
    setNotice('');
    setConfirming(true);
  };

  const execute = async () => {
    if (busy || !quote || !held || preview?.state !== 'ok') return;
    if (quoteTimeLeft(held.deadline, clock.monotonic()) <= 0) {
      void requote(from, to);
      return;
    }
    setConfirming(false);
    setServerError('');
    setNotice('');
    setBusy(true);
    const done = (r: ExchangeRecord) => {
      toast(
        t('exchange.done', {
          amount: formatDecimal(r.amount),
          from: r.from,
          receive: formatDecimal(r.receive),
          to: r.to,
        }),
        { kind: 'success' },
      );
      setAmount('');
      void requote(from, to);
    };
    try {
      done(await sendExchange(quote.quoteId, preview.amount));
    } catch (err) {
      const msg = err instanceof ApiError || err instanceof Error ? err.message : String(err);
      if (outcomeUnknown(err)) {
        // The reply was lost: ask whether the quote was executed; never send it again.
        const found = await exchangeOfQuote(quote.quoteId).catch(() => undefined);
        if (found) done(found);
        else setServerError(t('exchange.lost'));
      } else if (err instanceof ApiError && err.kind === 'business' && EXPIRED_RE.test(msg)) {
        setNotice(t('exchange.requoted'));
        void requote(from, to);
      } else setServerError(msg);
    } finally {
      setBusy(false);
    }
  };

  if (!coins.data && coins.status === 'error')
    return (
      <section className="card fx-card" role="alert">
        <LoadFailed title={t('exchange.error')} detail={coins.error} onRetry={coins.reload} alert={false} />
      </section>
    );
  if (!coins.data)
    return (
      <section className="card fx-card" aria-busy="true">
        <p className="wallet-state">{t('exchange.loading')}</p>
      </section>
    );

  const amountError =
    preview?.state === 'invalid'
      ? preview.msg
      : preview?.state === 'balance'
        ? t('exchange.err.balance', { amount: formatDecimal(available), coin: from })
        : preview?.state === 'tooSmall'
          ? t('exchange.err.tooSmall', { coin: to })
          : '';
  const receive = preview?.state === 'ok' ? formatDecimal(preview.receive) : '';

  return (
    <form className="form card fx-card" onSubmit={submit} noValidate data-testid="exchange-form">
      <ExchangeLeg
        side="from"
        coin={from}
        coins={codes}
        onPick={(c) => pick('from', c)}
        available={available}
        inputId={`${id}-amount`}
        balanceTestId="exchange-available"
        invalid={amountError !== ''}
        error={
          <AlertText text={amountError} className="field__error" id={`${id}-error`} testId="exchange-amount-error" />
        }
      >
        <input
          id={`${id}-amount`}
          className="fx-leg__amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('exchange.amountPlaceholder')}
          value={amount}
          onChange={(e) => {
            setAmount(sanitizeAmountInput(e.currentTarget.value, from));
            setServerError('');
          }}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${id}-error` : undefined}
          data-testid="exchange-amount"
        />
        <button
          type="button"
          className="fx-leg__max"
          onClick={() => setAmount(available === '0' ? '' : available)}
          data-testid="exchange-max"
        >
          {t('exchange.max')}
        </button>
      </ExchangeLeg>

      <div className="fx-swap">
        <SwapButton label={t('exchange.swap')} onClick={swap} testId="exchange-swap" />
      </div>

      <ExchangeLeg
        side="to"
        coin={to}
        coins={codes}
        onPick={(c) => pick('to', c)}
        available={availableOf(entries, 'platform', to)}
      >
        <output
          className="fx-leg__amount fx-leg__amount--out"
          data-testid="exchange-receive"
          aria-label={t('exchange.receive')}
        >
          {receive || <span className="fx-leg__placeholder">{t('exchange.receive')}</span>}
        </output>
      </ExchangeLeg>

      <QuoteBox
        held={quote && held ? held : null}
        error={quoteError}
        fee={preview?.state === 'ok' ? preview.fee : ''}
        onRefresh={() => void requote(from, to)}
      />

      {notice ? (
        <p className="fx-notice" role="status" data-testid="exchange-notice">
          {notice}
        </p>
      ) : null}
      <AlertText text={serverError} className="form__error" testId="exchange-error" />
      <button
        type="submit"
        className="fbtn fbtn--primary fbtn--block"
        disabled={busy || !quote || preview?.state !== 'ok'}
        data-testid="exchange-submit"
      >
        {busy ? t('exchange.submitting') : t('exchange.submit')}
      </button>
      <p className="fx-note">{t('exchange.note')}</p>
      <Popup open={confirming} onClose={() => setConfirming(false)} title={t('exchange.confirm.title')}>
        <ConfirmQuote
          held={quote && held ? held : null}
          preview={preview?.state === 'ok' ? preview : null}
          onConfirm={() => void execute()}
          onCancel={() => setConfirming(false)}
        />
      </Popup>
    </form>
  );
}

/** Seconds left of a held quote, on the monotonic clock, ticking while shown (0 when none or ended). */
function useSecondsLeft(held: HeldQuote | null): number {
  const [now, setNow] = useState(() => clock.monotonic());
  useEffect(() => {
    if (!held) return;
    const h = clock.setInterval(() => setNow(clock.monotonic()), 250);
    return () => clock.clearInterval(h);
  }, [held]);
  return held ? Math.ceil(quoteTimeLeft(held.deadline, now) / 1000) : 0;
}

/**
 * The convert confirmation (WORD-5): what is paid and received at the held quote, and its countdown. At zero the
 * button waits for the new quote (the quote box asks for it); the figures shown are always the quote's that runs.
 */
function ConfirmQuote({
  held,
  preview,
  onConfirm,
  onCancel,
}: {
  held: HeldQuote | null;
  preview: { amount: string; receive: string } | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('wallet');
  const seconds = useSecondsLeft(held);
  const live = held !== null && preview !== null && seconds > 0;
  return (
    <div className="fx-confirm" data-testid="exchange-confirm" data-quote-id={held?.quote.quoteId}>
      <dl className="fx-confirm__legs">
        <div className="fx-quote__row">
          <dt>{t('exchange.confirm.pay')}</dt>
          <dd className="num" data-testid="exchange-confirm-pay">
            {preview && held ? `${formatDecimal(preview.amount)} ${held.quote.from}` : '--'}
          </dd>
        </div>
        <div className="fx-quote__row">
          <dt>{t('exchange.confirm.receive')}</dt>
          <dd className="num fx-confirm__receive" data-testid="exchange-confirm-receive">
            {preview && held ? `${formatDecimal(preview.receive)} ${held.quote.to}` : '--'}
          </dd>
        </div>
      </dl>
      <p className="fx-quote__muted" role="status" data-testid="exchange-confirm-countdown">
        {live ? t('exchange.expires', { s: seconds }) : t('exchange.confirm.expired')}
      </p>
      <div className="fx-confirm__actions">
        <button type="button" className="fbtn fbtn--secondary" onClick={onCancel}>
          {t('exchange.confirm.cancel')}
        </button>
        <button
          type="button"
          className="fbtn fbtn--primary"
          disabled={!live}
          onClick={onConfirm}
          data-testid="exchange-confirm-yes"
        >
          {live ? t('exchange.confirm.yes') : t('exchange.quoting')}
        </button>
      </div>
    </div>
  );
}

/** The quote: rate after spread and fee, spread, fee, and the seconds left on server time (refreshes at zero). */
function QuoteBox({
  held,
  error,
  fee,
  onRefresh,
}: {
  held: HeldQuote | null;
  error: string;
  fee: string;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('wallet');
  const [now, setNow] = useState(() => clock.monotonic());
  const left = held ? quoteTimeLeft(held.deadline, now) : 0;
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  });
  useEffect(() => {
    if (!held) return;
    const h = clock.setInterval(() => setNow(clock.monotonic()), 250);
    return () => clock.clearInterval(h);
  }, [held]);
  useEffect(() => {
    if (held && left === 0) refresh.current();
  }, [held, left]);

  if (error)
    return (
      <div className="fx-quote fx-quote--error" role="alert" data-testid="exchange-quote-error">
        <span>{error}</span>
        <button type="button" className="fbtn fbtn--secondary" onClick={onRefresh}>
          {t('state.retry')}
        </button>
      </div>
    );
  if (!held)
    return (
      <div className="fx-quote" aria-busy="true">
        <span className="fx-quote__muted">{t('exchange.quoting')}</span>
      </div>
    );
  const q = held.quote;
  const rate = flashOutcome('1', q.to, q).rate;
  const seconds = Math.ceil(left / 1000);
  return (
    <dl className="fx-quote" data-testid="exchange-quote" data-quote-id={q.quoteId}>
      <div className="fx-quote__row">
        <dt>{t('exchange.rate')}</dt>
        <dd className="num" data-testid="exchange-rate">
          1 {q.from} ≈ {formatRate(rate, q.to)} {q.to}
        </dd>
      </div>
      <div className="fx-quote__row">
        <dt>{t('exchange.spread')}</dt>
        <dd className="num">{percentOf(q.spread)} %</dd>
      </div>
      <div className="fx-quote__row">
        <dt>{t('exchange.fee')}</dt>
        <dd className="num">
          {percentOf(q.fee)} %{fee ? ` · ${formatDecimal(fee)} ${q.to}` : ''}
        </dd>
      </div>
      <div className="fx-quote__row fx-quote__timer">
        <dt>
          {left > 0 ? (
            <span data-testid="exchange-countdown">{t('exchange.expires', { s: seconds })}</span>
          ) : (
            <span>{t('exchange.quoting')}</span>
          )}
        </dt>
        <dd>
          <button type="button" className="fx-quote__refresh" onClick={onRefresh} data-testid="exchange-refresh">
            {t('exchange.refresh')}
          </button>
        </dd>
      </div>
    </dl>
  );
}

/** The user's conversions, newest first; fetched again when the live stream reports a balance change. */
