/**
 * What went wrong, as a form or a screen says it under its fields (`role="alert"`, so a screen reader reads it
 * out), or nothing while there is nothing to say. The screen keeps its class and test id.
 */
import type { ReactNode } from 'react';

export function AlertText(props: { text: ReactNode; className: string; id?: string; testId?: string }) {
  return props.text ? (
    <p className={props.className} id={props.id} role="alert" data-testid={props.testId}>
      {props.text}
    </p>
  ) : null;
}
