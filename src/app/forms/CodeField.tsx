/**
 * A verification code's field, one for every screen that asks for one: six digits with the one-time-code autofill,
 * the send button beside it (which counts down before another code may be asked for) and, outside production, the
 * development mailbox hint under it (DEV-1).
 */
import type { ReactNode } from 'react';
import { Field } from './Field';
import { SendCodeButton } from './SendCodeButton';
import { useDevCodeHint } from './DevCodeHint';
import type { FieldBinding } from './useForm';

export function CodeField({
  bind,
  label,
  error,
  onSend,
}: {
  bind: FieldBinding;
  label: ReactNode;
  error?: string;
  /** Validates the address the code goes to and asks the server to send it; true when sent. */
  onSend: () => Promise<boolean>;
}) {
  const hint = useDevCodeHint();
  return (
    <Field
      bind={bind}
      label={label}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      suffix={<SendCodeButton onSend={onSend} />}
      hint={hint}
    />
  );
}
