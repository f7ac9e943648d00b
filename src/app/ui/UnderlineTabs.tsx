/**
 * The row of underlined tabs above a screen's panel (records, finance, copy trading): a WAI-ARIA tab list whose
 * arrow keys move between the tabs (mirrored right to left), the chosen tab kept in view on a narrow screen
 * where the row scrolls sideways. The screen keeps the chosen tab (usually in the URL) and renders the panel
 * with `id={panelId}` and `aria-labelledby={tabId(idPrefix, active)}`.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import './underlineTabs.css';

/** The id of one tab's button (the panel's `aria-labelledby`). */
export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;

export function UnderlineTabs<K extends string>(props: {
  tabs: readonly K[];
  active: K;
  onSelect(k: K): void;
  label(k: K): string;
  /** The list's accessible name. */
  ariaLabel: string;
  idPrefix: string;
  panelId: string;
  /** Each tab's data-testid is `${testIdPrefix}-${key}`. */
  testIdPrefix: string;
}) {
  const { tabs, active, onSelect } = props;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => {
    // Sideways within the row only: scrollIntoView would also scroll the page to a row below the fold.
    const el = refs.current[tabs.indexOf(active)];
    const row = el?.parentElement;
    if (!el || !row || row.scrollWidth <= row.clientWidth) return;
    const r = el.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    if (r.left < box.left) row.scrollLeft -= box.left - r.left;
    else if (r.right > box.right) row.scrollLeft += r.right - box.right;
  }, [tabs, active]);
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const rtl = document.documentElement.dir === 'rtl';
    const j = (i + (rtl ? -step : step) + tabs.length) % tabs.length;
    onSelect(tabs[j]);
    refs.current[j]?.focus();
  };
  return (
    <div className="ul-tabs" role="tablist" aria-label={props.ariaLabel}>
      {tabs.map((k, i) => (
        <button
          key={k}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={tabId(props.idPrefix, k)}
          aria-selected={k === active}
          aria-controls={props.panelId}
          tabIndex={k === active ? 0 : -1}
          className="ul-tab"
          onClick={() => onSelect(k)}
          onKeyDown={(e) => onKey(e, i)}
          data-testid={`${props.testIdPrefix}-${k}`}
        >
          {props.label(k)}
        </button>
      ))}
    </div>
  );
}
