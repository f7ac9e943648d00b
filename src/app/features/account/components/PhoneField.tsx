/** A phone number field with its country code picker before it (registration and binding a phone). */
import type { ReactNode } from 'react';
import { Field } from '../../../forms/Field';
import type { FieldBinding } from '../../../forms/useForm';
import { CountrySelect } from './CountrySelect';

export function PhoneField({
  bind,
  label,
  error,
  iso,
  onCountry,
}: {
  bind: FieldBinding;
  label: ReactNode;
  error?: string;
  /** The chosen country (ISO code). */
  iso: string;
  onCountry: (iso: string, dial: string) => void;
}) {
  return (
    <Field
      bind={bind}
      label={label}
      error={error}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      prefix={<CountrySelect value={iso} onChange={onCountry} />}
    />
  );
}
