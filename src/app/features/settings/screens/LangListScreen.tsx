/** The language list screen (/langList, spec 2.4 and 4.5), reached from "My" and the menus; open to visitors (PUB-1). */
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../ui/TopBar';
import { LanguageOptions } from '../../../ui/language/LanguageOptions';

export default function LangListScreen() {
  const { t } = useTranslation('common');
  return (
    <div className="langlist" data-testid="lang-list">
      <TopBar title={t('title.langList')} back />
      <LanguageOptions />
    </div>
  );
}
