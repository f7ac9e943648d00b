import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Notice } from '../../../../shared/schemas/content';
import { loadNamespaces, setLanguage } from '../../../i18n/index';
import { NoticeStrip } from './HomeNotices';
import { stripRolls } from './noticeModel';

const notice = (id: number): Notice => ({
  id,
  key: 'NOTICE',
  modelKey: 'HOME',
  title: `Notice ${id}`,
  content: '',
  sort: 0,
  createTime: id,
});
const data = vi.hoisted(() => ({ notices: [] as Notice[] }));
vi.mock('./useHomeNotices', () => ({
  useHomeNotices: () => ({ status: 'ok', data: data.notices, reload: () => {} }),
}));

/** `matchMedia` as a browser with (or without) prefers-reduced-motion: reduce answers it. */
function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const strip = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <NoticeStrip />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['common', 'market']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  data.notices = [];
});

describe('[A11Y-20] the home notice strip can be stopped and is still under reduced motion', () => {
  it('[A11Y-20] it moves on by itself only with two notices, not held and not stopped', () => {
    expect(stripRolls(2, false, false)).toBe(true);
    expect(stripRolls(1, false, false)).toBe(false);
    expect(stripRolls(3, true, false)).toBe(false);
    expect(stripRolls(3, false, true)).toBe(false);
  });

  it('[A11Y-20] under prefers-reduced-motion: reduce it starts stopped, offers "play" and has no slide', () => {
    mockReducedMotion(true);
    data.notices = [notice(1), notice(2)];
    const html = strip();
    expect(html).toContain('aria-label="Play announcements"');
    expect(html).not.toContain('Pause announcements');
    expect(html).not.toContain('notice-strip__item--roll');
  });

  it('[A11Y-20] without it, it rolls with a visible "pause" button', () => {
    mockReducedMotion(false);
    data.notices = [notice(1), notice(2)];
    const html = strip();
    expect(html).toContain('aria-label="Pause announcements"');
    expect(html).toContain('notice-strip__item--roll');
  });

  it('[A11Y-20] a single notice does not move, so it has no button', () => {
    mockReducedMotion(false);
    data.notices = [notice(1)];
    expect(strip()).not.toContain('notice-strip__toggle');
  });
});
