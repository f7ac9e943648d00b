/**
 * A decimal amount typed as text, with its unit after it (USDT, a fiat, `%`), drawn in the look of the feature
 * that uses it: `look="cp"` gives `cp-field`, `cp-input`, `cp-unit` and `cp-hint`. The hint, when there is one,
 * describes the input; what the screen adds below (a conversion line) comes as children. The field names its own
 * input (the label's `for`, the hint's id).
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'inputMode' | 'children' | 'aria-describedby'
>;

export interface UnitFieldProps extends InputProps {
  /** The class prefix of the feature's stylesheet. */
  look: string;
  label: ReactNode;
  value: string;
  onValue(text: string): void;
  unit: ReactNode;
  hint?: ReactNode;
  testId: string;
  children?: ReactNode;
}

export function UnitField({ look, label, value, onValue, unit, hint, testId, children, ...input }: UnitFieldProps) {
  const id = useId();
  return (
    <div className={`${look}-field`}>
      <label htmlFor={id}>{label}</label>
      <div className={`${look}-input`}>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          {...input}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          data-testid={testId}
        />
        <span className={`${look}-unit`}>{unit}</span>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={`${look}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
