/**
 * A row of buttons of which one is chosen, as the screens' segments, chips and plain tabs draw it: `radio`, a
 * radio group of radios (`aria-checked`); `tab`, a tab list of tabs (`aria-selected`; the screen renders the
 * panel); `toggle`, a group of pressed buttons (`aria-pressed`). The screen keeps the choice and names every
 * class, so each keeps its own look. For the underlined tabs with arrow keys see `UnderlineTabs`.
 */
import type { Key, ReactNode } from 'react';

const GROUP_ROLE = { radio: 'radiogroup', tab: 'tablist', toggle: 'group' } as const;

export interface ChoiceGroupProps<T> {
  kind: 'radio' | 'tab' | 'toggle';
  /** The row's class. */
  className: string;
  /** The row's accessible name. */
  label?: string;
  options: readonly T[];
  /** Whether `o` is the chosen one. */
  isOn(o: T): boolean;
  onPick(o: NoInfer<T>): void;
  /** The button's class: one for all, or by option and state. */
  buttonClass: string | ((o: T, on: boolean) => string);
  /** The option's React key (default: the option itself). */
  keyOf?(o: T): Key;
  testId?(o: T): string;
  /** More attributes of the option's button (an id, `aria-controls`, `data-*`). */
  buttonProps?(o: T): Record<string, string>;
  children(o: T): ReactNode;
}

export function ChoiceGroup<T>(props: ChoiceGroupProps<T>) {
  const { kind, isOn, buttonClass } = props;
  return (
    <div className={props.className} role={GROUP_ROLE[kind]} aria-label={props.label}>
      {props.options.map((o) => {
        const on = isOn(o);
        return (
          <button
            key={props.keyOf ? props.keyOf(o) : String(o)}
            type="button"
            role={kind === 'toggle' ? undefined : kind}
            aria-checked={kind === 'radio' ? on : undefined}
            aria-selected={kind === 'tab' ? on : undefined}
            aria-pressed={kind === 'toggle' ? on : undefined}
            className={typeof buttonClass === 'string' ? buttonClass : buttonClass(o, on)}
            onClick={() => props.onPick(o)}
            data-testid={props.testId?.(o)}
            {...props.buttonProps?.(o)}
          >
            {props.children(o)}
          </button>
        );
      })}
    </div>
  );
}
