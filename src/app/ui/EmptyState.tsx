/** The shared empty-state block (spec 2.3): shows 'noData' unless told otherwise. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEmpty } from './icons';
import './ui.css';

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

export function EmptyState({ title, description, action, compact }: EmptyStateProps) {
  const { t } = useTranslation('common');
  return (
    <div className={`empty-state${compact ? ' empty-state--compact' : ''}`}>
      <IconEmpty size={compact ? 40 : 64} className="empty-state__icon" />
      <p className="empty-state__title">{title ?? t('ui.noData')}</p>
      {description && <p className="empty-state__desc">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
