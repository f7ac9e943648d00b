/**
 * The home screen's notices (NOTE-1..3): a rolling strip of announcements (one title at a time, the next every
 * few seconds, paused on hover and focus, still when the reader prefers reduced motion), then, once each, the
 * new-user notice after registration and the POPUP notices, in a dialog.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { StorageKeys } from '../../../../shared/storageKeys';
import { readJson, readString, writeJson, writeString } from '../../../state/storage';
import { session } from '../../../session/store';
import { Popup } from '../../../ui/Popup';
import { IconMegaphone } from '../../../layout/icons';
import { NOTICES_HREF, noticeHref } from '../paths';
import { Paragraphs } from '../components/Content';
import { markSeen, nextIndex, nextPopup, parseSeen, stripNotices } from './noticeModel';
import { useHomeNotices } from './useHomeNotices';
import './notices.css';

const ROLL_MS = 5000;

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** NOTE-1: one notice title at a time; a link to it and to the list. */
export function NoticeStrip() {
  const { t } = useTranslation('market');
  const remote = useHomeNotices();
  const items = useMemo(() => stripNotices(remote.data ?? []), [remote.data]);
  const [i, setI] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (items.length < 2 || paused) return;
    const id = setInterval(() => setI((x) => nextIndex(x, items.length)), ROLL_MS);
    return () => clearInterval(id);
  }, [items.length, paused]);
  if (items.length === 0) return null;
  const n = items[i % items.length];
  return (
    <section
      className="notice-strip"
      aria-label={t('notices.strip')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="notice-strip__icon" aria-hidden="true">
        <IconMegaphone size={16} />
      </span>
      <div className="notice-strip__window" aria-live="off">
        <Link
          key={n.id}
          to={noticeHref(n.id)}
          className={`notice-strip__item${reducedMotion() ? '' : ' notice-strip__item--roll'}`}
        >
          {n.title}
        </Link>
      </div>
      {items.length > 1 && (
        <span className="notice-strip__count" aria-hidden="true">
          {(i % items.length) + 1}/{items.length}
        </span>
      )}
      <Link to={NOTICES_HREF} className="notice-strip__more">
        {t('notices.all')}
      </Link>
    </section>
  );
}

/** NOTE-2, NOTE-3: the new-user notice first, then each POPUP notice once; nothing for signed-out visitors' new-user part. */
export function NoticeDialogs() {
  const { t } = useTranslation('market');
  const { isSign } = useSnapshot(session);
  const remote = useHomeNotices();
  const [welcome, setWelcome] = useState(() => readString(StorageKeys.newUserNotice) ?? '');
  const [seen, setSeen] = useState(() => parseSeen(readJson(StorageKeys.seenNotices)));
  const popup = welcome ? undefined : nextPopup(remote.data ?? [], seen);

  if (welcome && isSign) {
    const close = () => {
      writeString(StorageKeys.newUserNotice, null);
      setWelcome('');
    };
    return (
      <Popup open onClose={close} title={t('notices.welcomeTitle')}>
        <div className="notice-dialog">
          <Paragraphs text={welcome} />
          <button type="button" className="mk-btn mk-btn--primary notice-dialog__ok" onClick={close}>
            {t('notices.ok')}
          </button>
        </div>
      </Popup>
    );
  }
  if (!popup) return null;
  const close = () => {
    const next = markSeen(seen, popup.id);
    writeJson(StorageKeys.seenNotices, next);
    setSeen(next);
  };
  return (
    <Popup open onClose={close} title={popup.title}>
      <div className="notice-dialog">
        <Paragraphs text={popup.content} />
        <button type="button" className="mk-btn mk-btn--primary notice-dialog__ok" onClick={close}>
          {t('notices.ok')}
        </button>
      </div>
    </Popup>
  );
}
