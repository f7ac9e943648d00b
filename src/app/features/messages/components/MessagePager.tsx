/** Previous / next for the message list (MSGUI-2): the platform's pager in the inbox's words and classes. */
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../ui/Pager';

export function MessagePager(p: { pageNum: number; total: number; pageSize: number; onPage: (n: number) => void }) {
  const { t } = useTranslation('inbox');
  const classes = { nav: 'msg-pager', button: 'msg-link-btn', num: 'msg-num' };
  return (
    <Pager
      {...p}
      page={p.pageNum}
      words={{ label: t('pager.label'), prev: t('pager.prev'), next: t('pager.next') }}
      classes={classes}
    />
  );
}
