/**
 * Under a code field, outside production only (DEV-1): where the code is, with a link that opens the development
 * mailbox in a new tab (so nothing typed here is lost). Production: nothing.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../state/settings';
import { APP_PATHS } from '../ui/appPaths';
import './devHint.css';

/** The hint for a code field, or undefined when the server has no development outbox. */
export function useDevCodeHint(): ReactNode {
  const { t } = useTranslation('account');
  const { config } = useSnapshot(settings);
  if (config.devOutbox !== true) return undefined;
  return (
    <span className="dev-hint">
      {t('dev.hint')}{' '}
      <Link to={APP_PATHS.dev.outbox} target="_blank" rel="noopener" data-testid="dev-outbox-link">
        {t('dev.hintLink')}
      </Link>
    </span>
  );
}
