/**
 * The "send code" button of a code field: runs `onSend` (which validates the target and calls the server),
 * then counts down before a new code may be asked for.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock } from '../time/clock';

/** Seconds before another code may be requested (the server rate-limits sending too). */
export const RESEND_SECONDS = 60;

export function SendCodeButton({ onSend, disabled }: { onSend: () => Promise<boolean>; disabled?: boolean }) {
  const { t } = useTranslation('account');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = clock.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clock.clearTimeout(id);
  }, [left]);
  const click = async () => {
    if (busy || left > 0) return;
    setBusy(true);
    try {
      if (await onSend()) setLeft(RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="field__action"
      onClick={click}
      disabled={disabled || busy || left > 0}
      aria-live="polite"
    >
      {left > 0 ? t('form.resendIn', { seconds: left }) : t('form.sendCode')}
    </button>
  );
}
