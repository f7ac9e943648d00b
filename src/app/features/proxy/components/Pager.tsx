/** Previous / next for the proxy lists (PROXY-13), hidden when everything fits on one page. */
import { useTranslation } from 'react-i18next';

export function Pager(p: { pageNum: number; total: number; pageSize: number; onPage: (n: number) => void }) {
  const { t } = useTranslation('proxy');
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="proxy-pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="proxy-btn proxy-btn--ghost"
        disabled={p.pageNum <= 1}
        onClick={() => p.onPage(p.pageNum - 1)}
      >
        {t('pager.prev')}
      </button>
      <span className="proxy-num">
        {p.pageNum} / {pages}
      </span>
      <button
        type="button"
        className="proxy-btn proxy-btn--ghost"
        disabled={p.pageNum >= pages}
        onClick={() => p.onPage(p.pageNum + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
