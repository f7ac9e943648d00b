import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { TOAST_DURATION_MS, dismissToast, setLoading, toast, ui } from '../state/toast';
import { LoadingOverlay } from './LoadingOverlay';
import { EmptyState } from './EmptyState';
import { Toasts } from './Toasts';
import { TopBar } from './TopBar';
import { TabBar } from '../layout/TabBar';
import { setLanguage } from '../i18n/index';
import { POPUP_Z_INDEX_BASE } from '../../shared/constants';
import { installClock } from '../time/clock';
import { FakeClock } from '../time/fakeClock';

beforeAll(async () => {
  await setLanguage('en', { persist: false });
});
afterEach(() => {
  vi.useRealTimers();
  ui.toasts.splice(0);
  setLoading(false);
});

describe('[spec 9.3a] toasts', () => {
  it('[spec 9.3a] [CLOCK-1] a toast lasts 2000 ms by default (on the app clock, driven by its fake)', () => {
    const time = new FakeClock();
    const restore = installClock(time);
    try {
      expect(TOAST_DURATION_MS).toBe(2000);
      const id = toast('Saved');
      time.advance(1999);
      expect(ui.toasts.map((t) => t.id)).toEqual([id]);
      time.advance(1);
      expect(ui.toasts).toEqual([]);
    } finally {
      restore();
    }
  });

  it('a duration of 0 keeps the toast until dismissed; the toast is rendered in a live region', () => {
    const id = toast('Loading', { kind: 'loading', duration: 0 });
    const html = renderToStaticMarkup(<Toasts />);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('Loading');
    dismissToast(id);
    expect(ui.toasts).toEqual([]);
  });

  it('[spec 9.3a] popup layers start at z-index 2000', () => {
    expect(POPUP_Z_INDEX_BASE).toBe(2000);
  });
});

describe('[spec 2.3] shared elements', () => {
  it("[spec 2.3] the loading overlay shows 'submittingOrder' only while the loading flag is on", () => {
    expect(renderToStaticMarkup(<LoadingOverlay />)).toBe('');
    setLoading(true);
    const html = renderToStaticMarkup(<LoadingOverlay />);
    expect(html).toContain('Submitting…');
    expect(html).toContain('loading-overlay');
  });

  it("[spec 2.3] the empty state shows 'noData'", () => {
    expect(renderToStaticMarkup(<EmptyState />)).toContain('No data');
  });

  it('[spec 2.3] the top bar has an optional back button, a title and a right slot', () => {
    const withAll = renderToStaticMarkup(
      <MemoryRouter>
        <TopBar title="Deposit" back right={<span id="r">R</span>} />
      </MemoryRouter>,
    );
    expect(withAll).toContain('<h1 class="topbar__title">Deposit</h1>');
    expect(withAll).toContain('aria-label="Back"');
    expect(withAll).toContain('<span id="r">R</span>');
    const bare = renderToStaticMarkup(
      <MemoryRouter>
        <TopBar title="Home" />
      </MemoryRouter>,
    );
    expect(bare).not.toContain('aria-label="Back"');
  });

  it('[spec 2.2] the tab bar renders as a navigation landmark of five links on /store and not on /help', () => {
    const on = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/store']}>
        <TabBar />
      </MemoryRouter>,
    );
    expect(on).toMatch(/^<nav class="tabbar" aria-label="Tab bar"/);
    expect(on.match(/<a /g)).toHaveLength(5);
    expect(on).toMatch(/href="\/store"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/store"/);
    const off = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/help']}>
        <TabBar />
      </MemoryRouter>,
    );
    expect(off).toBe('');
  });
});
