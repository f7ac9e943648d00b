/**
 * The stand-ins for the rows a virtual list leaves out (useVirtualRows.ts, PERF-40): a table row spanning the
 * columns, or a list item, of the height those rows would take. Hidden from assistive technology; the list's
 * own counts (aria-rowcount / aria-setsize) tell the real size.
 */
export function SpacerRow({ height, cols }: { height: number; cols: number }) {
  if (height <= 0) return null;
  return (
    <tr className="vlist-spacer" aria-hidden="true" style={{ height }}>
      <td colSpan={cols} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

export function SpacerItem({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <li
      className="vlist-spacer"
      aria-hidden="true"
      style={{ height, listStyle: 'none', padding: 0, margin: 0, border: 0 }}
    />
  );
}
