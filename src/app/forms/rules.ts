/**
 * The shared form-field rules of the UI kit (spec 5): required, pattern, validator, message, trigger
 * (default 'blur'). Pure functions; the React binding is useForm.ts.
 */

export type Trigger = 'blur' | 'change';

export interface Rule<V = Record<string, string>> {
  /** The field must not be empty (whitespace only counts as empty). */
  required?: boolean;
  /** The value must match (tested only when not empty). */
  pattern?: RegExp;
  /** Returns an error message (or throws/rejects one), or nothing when the value is fine. */
  validator?: (value: string, values: V) => string | undefined | void | Promise<string | undefined | void>;
  /** The message shown when `required` or `pattern` fails (validator messages are its own). */
  message?: string;
  /** When the rule runs; default 'blur'. Every rule runs on submit. */
  trigger?: Trigger;
}

export type Rules<V> = Partial<Record<keyof V & string, Rule<V>[]>>;

export const DEFAULT_TRIGGER: Trigger = 'blur';

/** Fallback message when a rule has none. */
export const DEFAULT_MESSAGE = 'Invalid value';

/**
 * Runs the rules of one field in order and resolves to the first message, or '' when all pass.
 * `on` limits the run to rules of that trigger; undefined runs all (submit).
 */
export async function validateField<V>(
  value: string,
  rules: Rule<V>[] | undefined,
  values: V,
  on?: Trigger,
): Promise<string> {
  for (const rule of rules ?? []) {
    if (on && (rule.trigger ?? DEFAULT_TRIGGER) !== on) continue;
    const empty = value.trim() === '';
    if (rule.required && empty) return rule.message ?? DEFAULT_MESSAGE;
    if (rule.pattern && !empty && !rule.pattern.test(value)) return rule.message ?? DEFAULT_MESSAGE;
    if (rule.validator) {
      try {
        const r = await rule.validator(value, values);
        if (typeof r === 'string' && r) return r;
      } catch (err) {
        return err instanceof Error ? err.message : typeof err === 'string' ? err : (rule.message ?? DEFAULT_MESSAGE);
      }
    }
  }
  return '';
}

/** Validates every field (submit); resolves to the errors map ('' for fields that pass). */
export async function validateAll<V extends Record<string, string>>(
  values: V,
  rules: Rules<V>,
): Promise<Partial<Record<keyof V & string, string>>> {
  const out: Partial<Record<keyof V & string, string>> = {};
  const names = Object.keys(rules) as (keyof V & string)[];
  const msgs = await Promise.all(names.map((n) => validateField(values[n] ?? '', rules[n], values)));
  names.forEach((n, i) => (out[n] = msgs[i]));
  return out;
}
