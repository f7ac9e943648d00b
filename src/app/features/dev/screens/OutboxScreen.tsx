/**
 * /dev/outbox (DEV-1): the development mailbox. Outside production the reference server sends no mail and no SMS;
 * the codes it would have sent are listed here (address, channel, purpose, code, time), newest first, read again
 * every few seconds and on "Refresh". With a production server this is the not-found screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '../../../../shared/api/dev';
import { formatDateTime } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { EmptyState } from '../../../ui/EmptyState';
import { toast } from '../../../state/toast';
import NotFoundScreen from '../../../screens/notFound/NotFoundScreen';
import { IconCopy, IconMail, IconPhone } from '../../../ui/accountIcons';
import { hasDevOutbox, OUTBOX_REFRESH_MS, purposeKey, readOutbox } from '../model/outbox';
import '../../../forms/forms.css';
import './outbox.css';
import { clock } from '../../../time/clock';
import { AlertText } from '../../../ui/AlertText';
import { BusyButton } from '../../../forms/BusyButton';

function Message({ m }: { m: OutboxMessage }) {
  const { t } = useTranslation(['account', 'common']);
  const purpose = purposeKey(m.codeType);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(m.code);
      toast(t('dev.copied'), { kind: 'success' });
    } catch {
      toast(t('my.copyFailed'), { kind: 'error' });
    }
  };
  return (
    <li className="outbox-msg" data-testid="outbox-message" data-address={m.address}>
      <div className="outbox-msg__top">
        <span className="outbox-msg__channel" aria-hidden="true">
          {m.channel === 'email' ? <IconMail size={18} /> : <IconPhone size={18} />}
        </span>
        <span className="outbox-msg__address">{m.address}</span>
        <time className="outbox-msg__time" dateTime={new Date(m.createTime).toISOString()}>
          {formatDateTime(m.createTime, { style: 'datetime' })}
        </time>
      </div>
      <div className="outbox-msg__body">
        <span className="outbox-msg__purpose">
          {t(m.channel === 'email' ? 'security.email' : 'security.phone')} · {purpose ? t(purpose) : m.codeType}
        </span>
        <span className="outbox-msg__code">
          <span className="visually-hidden">{t('dev.code')}: </span>
          <span data-testid="outbox-code">{m.code}</span>
        </span>
        <button
          type="button"
          className="outbox-msg__copy"
          onClick={copy}
          aria-label={t('dev.copy', { address: m.address })}
        >
          <IconCopy size={18} />
        </button>
      </div>
    </li>
  );
}

function Outbox() {
  const { t } = useTranslation(['account', 'common']);
  const [messages, setMessages] = useState<OutboxMessage[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [readAt, setReadAt] = useState<number | null>(null);
  const ctl = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    ctl.current?.abort();
    const c = new AbortController();
    ctl.current = c;
    setBusy(true);
    try {
      const list = await readOutbox(c.signal);
      if (c.signal.aborted) return;
      setMessages(list);
      setError('');
      setReadAt(clock.now());
    } catch (err) {
      if (!c.signal.aborted) setError((err as Error).message);
    } finally {
      if (ctl.current === c) setBusy(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const id = clock.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, OUTBOX_REFRESH_MS);
    return () => {
      clock.clearInterval(id);
      ctl.current?.abort();
    };
  }, [refresh]);

  return (
    <div className="outbox" data-testid="dev-outbox">
      <TopBar title={t('dev.title')} back />
      <div className="outbox__main">
        <div className="outbox__intro">
          <span className="outbox__badge">{t('dev.badge')}</span>
          <p>{t('dev.intro')}</p>
        </div>
        <div className="outbox__bar">
          <p className="outbox__status" role="status">
            {readAt !== null ? t('dev.updated', { time: formatDateTime(readAt, { style: 'time' }) }) : ''}
          </p>
          <BusyButton className="fbtn fbtn--secondary outbox__refresh" onClick={() => void refresh()} busy={busy}>
            {t('dev.refresh')}
          </BusyButton>
        </div>
        <AlertText text={error} className="form__error" />
        {messages === null ? null : messages.length === 0 ? (
          <EmptyState title={t('dev.empty')} description={t('dev.emptyDesc')} />
        ) : (
          <ul className="outbox__list" aria-label={t('dev.title')}>
            {messages.map((m) => (
              <Message key={`${m.createTime}-${m.address}-${m.code}`} m={m} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export default function OutboxScreen() {
  return hasDevOutbox() ? <Outbox /> : <NotFoundScreen />;
}
