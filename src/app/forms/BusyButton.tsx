/**
 * A button whose action may be running: while `busy` it is disabled, marked `aria-busy` and shows the spinner
 * before its text. The caller names its classes (`fbtn fbtn--primary`, `fbtn fbtn--danger`...) and loads the
 * stylesheet that draws them.
 */
import type { ButtonHTMLAttributes } from 'react';

export interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-busy'> {
  busy: boolean;
  testId?: string;
}

export function BusyButton({ busy, disabled, testId, children, type = 'button', ...button }: BusyButtonProps) {
  return (
    <button type={type} {...button} disabled={busy || disabled} aria-busy={busy} data-testid={testId}>
      {busy ? <span className="fbtn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
