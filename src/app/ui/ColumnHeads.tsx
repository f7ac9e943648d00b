/**
 * A data table's head: one row of column headers (`scope="col"`), the i-th with the class `classes[i]` where one
 * is given (an empty string for none). The screen keeps its own cell classes (`num`, `proxy-num`...).
 */
import type { ReactNode } from 'react';

export function ColumnHeads({ cols, classes = [] }: { cols: readonly ReactNode[]; classes?: readonly string[] }) {
  return (
    <thead>
      <tr>
        {cols.map((label, i) => (
          // The columns are fixed per table: their place is their identity.
          <th key={i} scope="col" className={classes[i] || undefined}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
