/**
 * A small connection-health badge for the top bar (WORK-13): live, delayed, reconnecting
 * (or connecting at start). A polite live region, so screen readers hear changes without focus moving;
 * colour is never the only cue (the word is always shown, the dot is decorative).
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionHealth } from '../../engine';
import { useConnectionHealth } from './hooks';

const LABELS: Record<ConnectionHealth, string> = {
  live: 'Live',
  delayed: 'Delayed',
  reconnecting: 'Reconnecting',
  connecting: 'Connecting',
};

const DOT: Record<ConnectionHealth, string> = {
  live: 'var(--color-up, #0a7c54)',
  delayed: 'var(--color-warn, #a36100)',
  reconnecting: 'var(--color-down, #cb2f49)',
  connecting: 'var(--color-text-3, #677180)',
};

const badge: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '2px 8px',
  borderRadius: 'var(--radius-pill, 999px)',
  background: 'var(--color-surface-2, #f5f5f5)',
  color: 'var(--color-text-2, #5e6673)',
  fontSize: 'var(--font-size-xs, 12px)',
  lineHeight: '18px',
  whiteSpace: 'nowrap',
};

export function ConnectionIndicator({ className }: { className?: string }) {
  const health = useConnectionHealth();
  const { t } = useTranslation('common');
  const label = t(`connection.${health}`, { defaultValue: LABELS[health] });
  return (
    <span
      role="status"
      aria-live="polite"
      className={className}
      style={badge}
      data-testid="connection-health"
      data-health={health}
    >
      <span
        aria-hidden="true"
        style={{ width: 8, height: 8, borderRadius: '50%', background: DOT[health], flex: 'none' }}
      />
      <span>{label}</span>
    </span>
  );
}
