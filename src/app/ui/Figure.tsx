/**
 * One figure of a card, a summary or a confirmation: its name and its value, as a `dt`/`dd` pair in the caller's
 * `dl` (copy trading, finance, wallet). `className` goes on the value (the feature's tabular-digits class).
 */
import type { ReactNode } from 'react';

export function Figure({ label, className, children }: { label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
