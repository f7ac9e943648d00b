/**
 * Form field components over useForm: a label, the control, and the field's error message right below it.
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from './useForm';
import './forms.css';
import { BusyButton } from './BusyButton';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldBinding | 'children' | 'prefix'>;

export interface FieldProps extends InputProps {
  bind: FieldBinding;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Content at the end of the control (a button, a unit). */
  suffix?: ReactNode;
  /** Content at the start of the control (a country code picker). */
  prefix?: ReactNode;
}

export function Field({ bind, label, error, hint, suffix, prefix, ...input }: FieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={bind.id}>
        {label}
      </label>
      <div className="field__control">
        {prefix}
        <input className="field__input" {...input} {...bind} />
        {suffix}
      </div>
      {error ? (
        <p className="field__error" id={`${bind.id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'suffix'>) {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      suffix={
        <button
          type="button"
          className="field__toggle"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? t('form.hidePassword') : t('form.showPassword')}
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown ? null : <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
    />
  );
}

/** The submit button of a form, disabled and labelled busy while it submits. */
export function SubmitButton(props: { children: ReactNode; busy: boolean; disabled?: boolean; testId?: string }) {
  return <BusyButton type="submit" className="fbtn fbtn--primary fbtn--block" {...props} />;
}

/** A message for the whole form (e.g. the server's reply). */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p className="form__error" role="alert">
      {message}
    </p>
  );
}
