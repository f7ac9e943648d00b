/** About (/about): the rule text with key ABOUT (spec 7.3 fixed call). */
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../ui/TopBar';
import { Paragraphs, RemoteView, useRules } from '../components/Content';
import '../../../ui/page.css';

export default function AboutScreen() {
  const { t } = useTranslation('market');
  const rules = useRules('ABOUT');
  return (
    <div className="mk-page">
      <TopBar title={t('aboutTitle')} back />
      <article className="mk-wrap mk-text mk-narrow">
        <RemoteView remote={rules} isEmpty={(d) => d.length === 0}>
          {(items) =>
            items.map((it) => (
              <section key={it.id}>
                {items.length > 1 && <h2>{it.title}</h2>}
                <Paragraphs text={it.content} />
              </section>
            ))
          }
        </RemoteView>
      </article>
    </div>
  );
}
