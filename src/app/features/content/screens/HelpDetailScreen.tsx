/** Help article (/helpDetail/:id): one HELP rule text by id, with a way back to the list. */
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../ui/TopBar';
import { EmptyState } from '../../../ui/EmptyState';
import { Paragraphs, RemoteView, useRules } from '../components/Content';
import '../../../ui/page.css';
import { CONTENT_PATHS } from '../paths';

export default function HelpDetailScreen() {
  const { t } = useTranslation('market');
  const { id } = useParams();
  const rules = useRules('HELP');
  return (
    <div className="mk-page">
      <TopBar title={t('helpDetailTitle')} back={CONTENT_PATHS.help} />
      <article className="mk-wrap mk-text mk-narrow">
        <RemoteView remote={rules}>
          {(items) => {
            const it = items.find((x) => String(x.id) === id);
            if (!it)
              return (
                <EmptyState
                  title={t('helpNotFound')}
                  action={
                    <Link to={CONTENT_PATHS.help} className="btn btn--ghost">
                      {t('backToHelp')}
                    </Link>
                  }
                />
              );
            return (
              <>
                <h2 className="mk-article-title">{it.title}</h2>
                <Paragraphs text={it.content} />
              </>
            );
          }}
        </RemoteView>
      </article>
    </div>
  );
}
