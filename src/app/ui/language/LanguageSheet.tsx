/** The language list in a sheet (LANG-8), loaded the first time the language button opens it (PERF-10). */
import { useTranslation } from 'react-i18next';
import { Popup } from '../Popup';
import { LanguageOptions } from './LanguageOptions';

export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Popup open={open} onClose={onClose} title={t('lang.title')} variant="sheet">
      <LanguageOptions compact onChosen={onClose} />
    </Popup>
  );
}
