/** The published content's door: the home notices, the notice list and detail (shown in the inbox), the new-user notice. */
export { NoticeDialogs, NoticeStrip, useHomeNoticesSettled } from './notices/HomeNotices';
export { NoticeDetail, NoticeList } from './notices/NoticeViews';
export { queueNewUserNotice } from './notices/newUserNotice';
