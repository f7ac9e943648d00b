/** Previous / next for the proxy lists (PROXY-13): the platform's pager in the proxy screens' words and classes. */
import { ListPager, type ListPage } from '../../../ui/ListPager';

const CLASSES = { nav: 'pager', button: 'prog-btn prog-btn--ghost', num: 'proxy-num' };

export function Pager(p: ListPage) {
  return <ListPager {...p} namespace="proxy" classes={CLASSES} />;
}
