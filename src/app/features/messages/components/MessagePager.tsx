/** Previous / next for the message list (MSGUI-2), hidden when everything fits on one page. */
import { useTranslation } from 'react-i18next';

export function MessagePager(p: { pageNum: number; total: number; pageSize: number; onPage: (n: number) => void }) {
  const { t } = useTranslation('inbox');
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="msg-pager" aria-label={t('pager.label')}>
      <button type="button" className="msg-link-btn" disabled={p.pageNum <= 1} onClick={() => p.onPage(p.pageNum - 1)}>
        {t('pager.prev')}
      </button>
      <span className="msg-num">
        {p.pageNum} / {pages}
      </span>
      <button
        type="button"
        className="msg-link-btn"
        disabled={p.pageNum >= pages}
        onClick={() => p.onPage(p.pageNum + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
