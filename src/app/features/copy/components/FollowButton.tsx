/**
 * The Follow / Edit button of a lead trader (FOLUI-5, FOLUI-8): signed out it leads to sign-in; following, it
 * edits the follow; otherwise it opens the follow dialog.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Follow } from '../../../../shared/schemas/follow';
import { APP_PATHS } from '../../../ui/appPaths';
import { useMyFollows, useUid } from '../data';
import { FollowDialog, type FollowTarget } from './FollowDialog';

/** The caller's live follow of a trader (not an ended one), if any. */
export function useFollowOf(traderId: number): Follow | undefined {
  const uid = useUid();
  const mine = useMyFollows(uid);
  return mine.data?.find((f) => f.traderId === traderId && f.status !== 'ended');
}

export function FollowButton({ target, block, full }: { target: FollowTarget; block?: boolean; full?: boolean }) {
  const { t } = useTranslation('follow');
  const uid = useUid();
  const existing = useFollowOf(target.traderId);
  const [open, setOpen] = useState(false);
  const cls = `cp-btn ${existing ? 'cp-btn--secondary' : 'cp-btn--primary'}${block ? ' cp-btn--block' : ''}`;
  if (uid === '')
    return (
      <Link className={cls} to={APP_PATHS.account.login} data-testid="follow-login">
        {full ? t('loginToFollow') : t('follow')}
      </Link>
    );
  if (
    target.maxFollowers !== undefined &&
    !existing &&
    target.followers !== undefined &&
    target.followers >= target.maxFollowers
  )
    return (
      <button type="button" className={cls} disabled data-testid="follow-full">
        {t('full')}
      </button>
    );
  return (
    <>
      <button type="button" className={cls} onClick={() => setOpen(true)} data-testid="follow-open">
        {existing ? t('edit') : t('follow')}
      </button>
      {open ? <FollowDialog target={target} existing={existing} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
