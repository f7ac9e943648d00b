/**
 * The trading kit's fact of a description list (a ticket's, a confirmation's, a contract row's): its label and
 * its value, `className` and `testId` on the value.
 */
import type { ReactNode } from 'react';

export function Fact(p: { label: ReactNode; className?: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{p.label}</dt>
      <dd className={p.className} data-testid={p.testId}>
        {p.children}
      </dd>
    </div>
  );
}
