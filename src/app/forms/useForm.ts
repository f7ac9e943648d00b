/**
 * React binding of the shared form rules (rules.ts). Keeps the values the user typed (never reset on an
 * error: nothing is lost), validates a field on blur (or on change for rules with trigger 'change', and on
 * change while the field shows an error, so the message clears as soon as it is fixed), and every field on submit.
 */
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { validateAll, validateField, type Rules } from './rules';

export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>): void;
  onBlur(): void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface Form<V extends Record<string, string>> {
  values: V;
  errors: Partial<Record<keyof V & string, string>>;
  /** A message for the whole form (e.g. the server's reply), shown above the submit button. */
  formError: string;
  submitting: boolean;
  field(name: keyof V & string): FieldBinding;
  setValue(name: keyof V & string, value: string): void;
  setError(name: keyof V & string, message: string): void;
  setFormError(message: string): void;
  /** Validates one field now (e.g. before sending a code to it); resolves true when it passes. */
  validateOne(name: keyof V & string): Promise<boolean>;
  /** Validates every field; resolves true when all pass and focuses the first that does not. */
  validate(): Promise<boolean>;
  /** onSubmit handler: validates, then runs `fn` once at a time. Errors thrown by `fn` become the form error. */
  handleSubmit(fn: (values: V) => Promise<void> | void): (e?: FormEvent) => Promise<void>;
}

let formSeq = 0;

export function useForm<V extends Record<string, string>>(initial: V, rules: Rules<V>): Form<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [prefix] = useState(() => `f${++formSeq}`);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const busy = useRef(false);

  const setError = useCallback((name: keyof V & string, message: string) => {
    setErrors((e) => (e[name] === message ? e : { ...e, [name]: message }));
  }, []);

  const run = useCallback(
    async (name: keyof V & string, on?: 'blur' | 'change') => {
      const msg = await validateField(valuesRef.current[name] ?? '', rulesRef.current[name], valuesRef.current, on);
      setError(name, msg);
      return msg === '';
    },
    [setError],
  );

  const setValue = useCallback((name: keyof V & string, value: string) => {
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    setValues(next);
  }, []);

  const field = (name: keyof V & string): FieldBinding => ({
    id: `${prefix}-${name}`,
    name,
    value: values[name] ?? '',
    onChange: (e) => {
      setValue(name, e.target.value);
      setFormError('');
      const hasChangeRule = (rulesRef.current[name] ?? []).some((r) => r.trigger === 'change');
      if (errorsRef.current[name]) void run(name);
      else if (hasChangeRule) void run(name, 'change');
    },
    onBlur: () => void run(name, 'blur'),
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${prefix}-${name}-error` : undefined,
  });

  const validate = async () => {
    const errs = await validateAll(valuesRef.current, rulesRef.current);
    setErrors(errs);
    const first = (Object.keys(errs) as (keyof V & string)[]).find((k) => errs[k]);
    if (first && typeof document !== 'undefined') document.getElementById(`${prefix}-${first}`)?.focus();
    return !first;
  };

  const handleSubmit = (fn: (values: V) => Promise<void> | void) => async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy.current) return;
    setFormError('');
    if (!(await validate())) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await fn(valuesRef.current);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return {
    values,
    errors,
    formError,
    submitting,
    field,
    setValue,
    setError,
    setFormError,
    validateOne: (n) => run(n),
    validate,
    handleSubmit,
  };
}
