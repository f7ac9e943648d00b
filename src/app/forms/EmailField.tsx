/** An email address field: the email keyboard and autofill, no capitals or spelling fixes forced on it. */
import type { ReactNode } from 'react';
import { Field } from './Field';
import type { FieldBinding } from './useForm';

export function EmailField({ bind, label, error }: { bind: FieldBinding; label: ReactNode; error?: string }) {
  return (
    <Field
      bind={bind}
      label={label}
      error={error}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="off"
      spellCheck={false}
    />
  );
}
