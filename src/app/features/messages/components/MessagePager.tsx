/** Previous / next for the message list (MSGUI-2): the platform's pager in the inbox's words and classes. */
import { ListPager, type ListPage } from '../../../ui/ListPager';

const CLASSES = { nav: 'pager msg-pager', button: 'msg-link-btn', num: 'msg-num' };

export function MessagePager(p: ListPage) {
  return <ListPager {...p} namespace="inbox" classes={CLASSES} />;
}
