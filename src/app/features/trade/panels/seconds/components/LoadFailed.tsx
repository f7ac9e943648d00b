/** What the panel shows where its periods or a list could not be read: the sentence and a retry (SECUI-8). */
import { useTranslation } from 'react-i18next';

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('seconds');
  return (
    <div className="sec-state" role="alert">
      <span>{text}</span>
      <button type="button" className="sec-link" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
