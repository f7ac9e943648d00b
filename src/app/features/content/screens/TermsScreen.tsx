/** Terms (/termService): the TERMS and PRIVACY rule texts and the announcements (notices). */
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../ui/TopBar';
import { formatDateTime } from '../../../i18n/format';
import { Paragraphs, RemoteView, useNotices, useRules } from '../components/Content';
import '../../../ui/page.css';

export default function TermsScreen() {
  const { t } = useTranslation('market');
  const terms = useRules('TERMS');
  const privacy = useRules('PRIVACY');
  const notices = useNotices();
  return (
    <div className="mk-page">
      <TopBar title={t('termsTitle')} back />
      <div className="mk-wrap mk-text mk-narrow">
        <section aria-labelledby="terms-h">
          <h2 id="terms-h">{t('termsTitle')}</h2>
          <RemoteView remote={terms} isEmpty={(d) => d.length === 0}>
            {(items) => items.map((it) => <Paragraphs key={it.id} text={it.content} />)}
          </RemoteView>
        </section>
        <section aria-labelledby="privacy-h">
          <h2 id="privacy-h">{t('privacyTitle')}</h2>
          <RemoteView remote={privacy} isEmpty={(d) => d.length === 0}>
            {(items) => items.map((it) => <Paragraphs key={it.id} text={it.content} />)}
          </RemoteView>
        </section>
        <section aria-labelledby="notices-h">
          <h2 id="notices-h">{t('noticesTitle')}</h2>
          <RemoteView remote={notices} isEmpty={(d) => d.length === 0}>
            {(items) =>
              items.map((n) => (
                <article key={n.id} className="mk-notice">
                  <h3>{n.title}</h3>
                  {'createTime' in n && typeof n.createTime === 'number' && (
                    <p className="mk-notice__date">{formatDateTime(n.createTime as number, { style: 'date' })}</p>
                  )}
                  <Paragraphs text={n.content} />
                </article>
              ))
            }
          </RemoteView>
        </section>
      </div>
    </div>
  );
}
