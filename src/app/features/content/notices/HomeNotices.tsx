/**
 * The home screen's notices (NOTE-1..3): a rolling strip of announcements (one title at a time, the next every
 * few seconds, paused on hover and focus and by its button, still when the reader prefers reduced motion), then, once each, the
 * new-user notice after registration and the POPUP notices, in a dialog.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { StorageKeys } from '../../../../shared/storageKeys';
import { readJson, readString, writeJson, writeString } from '../../../state/storage';
import { session } from '../../../state/session';
import { IconMegaphone } from '../../../ui/icons';
import { NOTICES_HREF, noticeHref } from '../paths';
import { Paragraphs } from '../components/Content';
import { markSeen, nextIndex, nextPopup, parseSeen, stripNotices, stripRolls } from './noticeModel';
import { useHomeNotices } from './useHomeNotices';
import './notices.css';
import { textDir } from '../../../ui/bidi';
import { clock } from '../../../time/clock';

const ROLL_MS = 5000;

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * NOTE-1: one notice title at a time; a link to it and to the list. A11Y-20: a visible pause/play button stops
 * the rotation (WCAG 2.2.2); under reduced motion the strip starts stopped and never moves on by itself.
 */
export function NoticeStrip() {
  const { t } = useTranslation('market');
  const remote = useHomeNotices();
  const items = useMemo(() => stripNotices(remote.data ?? []), [remote.data]);
  const [i, setI] = useState(0);
  // Held while hovered or focused; stopped by the button (or from the start under reduced motion).
  const [held, setHeld] = useState(false);
  const [stopped, setStopped] = useState(reducedMotion);
  useEffect(() => {
    if (!stripRolls(items.length, held, stopped)) return;
    const id = clock.setInterval(() => setI((x) => nextIndex(x, items.length)), ROLL_MS);
    return () => clock.clearInterval(id);
  }, [items.length, held, stopped]);
  if (items.length === 0) return null;
  const n = items[i % items.length];
  const toggle = () => {
    setStopped((s) => !s);
    // Play is an explicit request: it starts at once, even with the pointer or focus still on the strip.
    setHeld(false);
  };
  return (
    <section
      className="notice-strip"
      aria-label={t('noticesStrip')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="notice-strip__icon" aria-hidden="true">
        <IconMegaphone size={16} />
      </span>
      <div className="notice-strip__window" aria-live="off">
        <Link
          key={n.id}
          to={noticeHref(n.id)}
          dir={textDir(n.title)}
          title={n.title}
          className={`notice-strip__item${reducedMotion() ? '' : ' notice-strip__item--roll'}`}
        >
          {n.title}
        </Link>
      </div>
      {items.length > 1 && (
        <>
          <span className="notice-strip__count" aria-hidden="true">
            {(i % items.length) + 1}/{items.length}
          </span>
          <button
            type="button"
            className="notice-strip__toggle"
            onClick={toggle}
            aria-label={stopped ? t('noticesPlay') : t('noticesPause')}
            title={stopped ? t('noticesPlay') : t('noticesPause')}
            data-testid="notice-strip-toggle"
          >
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
              {stopped ? (
                <path d="M3.5 2v10l8-5z" fill="currentColor" />
              ) : (
                <path d="M3 2h3v10H3zM8 2h3v10H8z" fill="currentColor" />
              )}
            </svg>
          </button>
        </>
      )}
      <Link to={NOTICES_HREF} className="notice-strip__more">
        {t('noticesAll')}
      </Link>
    </section>
  );
}

/**
 * PERF-51: whether the home notices have answered (with notices or an error), latched for the screen's life. Home
 * holds what lies under its banner until then, so that a notice arriving does not push the shortcuts and the
 * market list down (a layout shift a reader sees as the list jumping under a finger).
 */
export function useHomeNoticesSettled(): boolean {
  const { status } = useHomeNotices();
  const [settled, setSettled] = useState(status !== 'loading');
  if (!settled && status !== 'loading') setSettled(true);
  return settled;
}

/**
 * NOTE-2, NOTE-3: the new-user notice first, then each POPUP notice once, as a card in the page under the strip
 * (never a layer over the screen: the reader keeps using home while it is there), closed by "Got it".
 */
export function NoticeDialogs() {
  const { t } = useTranslation('market');
  const { isSign } = useSnapshot(session);
  const remote = useHomeNotices();
  const [welcome, setWelcome] = useState(() => readString(StorageKeys.newUserNotice) ?? '');
  const [seen, setSeen] = useState(() => parseSeen(readJson(StorageKeys.seenNotices)));
  const popup = welcome && isSign ? undefined : nextPopup(remote.data ?? [], seen);

  let card: { title: string; text: string; close: () => void } | undefined;
  if (welcome && isSign)
    card = {
      title: t('noticesWelcomeTitle'),
      text: welcome,
      close: () => {
        writeString(StorageKeys.newUserNotice, null);
        setWelcome('');
      },
    };
  else if (popup)
    card = {
      title: popup.title,
      text: popup.content,
      close: () => {
        const next = markSeen(seen, popup.id);
        writeJson(StorageKeys.seenNotices, next);
        setSeen(next);
      },
    };
  if (!card) return null;
  return (
    <section className="notice-card" role="region" aria-labelledby={titleId(card.title)} data-testid="notice-card">
      <h2 className="notice-card__title" id={titleId(card.title)} dir={textDir(card.title)}>
        {card.title}
      </h2>
      <div className="notice-card__text">
        <Paragraphs text={card.text} />
      </div>
      <button type="button" className="btn btn--ghost notice-card__ok" onClick={card.close}>
        {t('noticesOk')}
      </button>
    </section>
  );
}

function titleId(title: string): string {
  let h = 0;
  for (const c of title) h = (h * 31 + c.charCodeAt(0)) | 0;
  return `notice-card-${(h >>> 0).toString(36)}`;
}
