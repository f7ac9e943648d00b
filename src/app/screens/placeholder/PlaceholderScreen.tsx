/**
 * Screens that belong to later issues: a real top bar and title, and an honest "coming soon" state.
 * Nothing here pretends to work: no fake balances, no disabled forms.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../layout/TopBar';
import { EmptyState } from '../../ui/EmptyState';

export interface PlaceholderScreenProps {
  /** Key under `title.` in the common namespace. */
  titleKey: string;
  /** Tab-bar screens have no back button. */
  back?: boolean;
}

export default function PlaceholderScreen({ titleKey, back = true }: PlaceholderScreenProps) {
  const { t } = useTranslation('common');
  return (
    <div className="placeholder-screen" data-testid="placeholder-screen">
      <TopBar title={t(`title.${titleKey}`)} back={back} />
      <EmptyState
        title={t('ui.comingSoon')}
        description={t('ui.comingSoonDesc')}
        action={
          <Link to="/" className="btn btn--ghost">
            {t('ui.backHome')}
          </Link>
        }
      />
    </div>
  );
}
