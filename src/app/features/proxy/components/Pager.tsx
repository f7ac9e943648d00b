/** Previous / next for the proxy lists (PROXY-13): the platform's pager in the proxy screens' words and classes. */
import { useTranslation } from 'react-i18next';
import { Pager as UiPager } from '../../../ui/Pager';

export function Pager(p: { pageNum: number; total: number; pageSize: number; onPage: (n: number) => void }) {
  const { t } = useTranslation('proxy');
  const classes = { nav: 'proxy-pager', button: 'prog-btn prog-btn--ghost', num: 'proxy-num' };
  return (
    <UiPager
      {...p}
      page={p.pageNum}
      words={{ label: t('pager.label'), prev: t('pager.prev'), next: t('pager.next') }}
      classes={classes}
    />
  );
}
