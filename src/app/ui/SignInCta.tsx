/**
 * PUB-3: what a visitor sees where an order form or the user's own orders would be: one calm line and two
 * buttons, "Log in" and "Create account", each carrying the page on screen (its pair included) so that signing in
 * or registering returns to it (PUB-2).
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH, REGISTER_PATH, withReturn } from './appPaths';
import '../forms/forms.css';
import './signInCta.css';

export interface SignInCtaProps {
  /** The line above the buttons; the general "Log in or create an account to trade" when not given. */
  title?: string;
  /** Tighter spacing, for a panel inside a list (orders, positions). */
  compact?: boolean;
}

export function SignInCta({ title, compact = false }: SignInCtaProps) {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <div className={`signin-cta${compact ? ' signin-cta--compact' : ''}`} data-testid="signin-cta">
      <p className="signin-cta__title">{title ?? t('visitor.title')}</p>
      <div className="signin-cta__actions">
        <Link className="fbtn fbtn--primary" to={withReturn(LOGIN_PATH, here)} data-testid="signin-cta-login">
          {t('visitor.login')}
        </Link>
        <Link className="fbtn fbtn--secondary" to={withReturn(REGISTER_PATH, here)}>
          {t('visitor.register')}
        </Link>
      </div>
    </div>
  );
}
