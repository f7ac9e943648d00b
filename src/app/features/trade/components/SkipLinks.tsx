/**
 * The trade screens' skip links (A11Y-8): hidden until focused (`.visually-hidden-focusable`), first in the
 * screen's content, each moving focus to a region of the desktop grid: pairs, chart, book and order form on spot
 * and futures; pairs, chart and order ticket on seconds; pairs, chart, board and ticket on options. The region
 * takes focus itself (tabindex -1), so the next Tab lands on its first control; the URL is not touched (the
 * router would take a hash change for a navigation).
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The spot and futures regions, in reading order: each is the id of an element of the layout (SKIP_ID). */
export const SKIP_REGIONS = ['pairs', 'chart', 'book', 'form'] as const;
/** Every region a trade screen may offer: the options screen has a board where the others have a book. */
export type SkipRegion = (typeof SKIP_REGIONS)[number] | 'board';

/** The element id a skip link leads to. */
export const SKIP_ID: Record<SkipRegion, string> = {
  pairs: 'trade-pairs',
  chart: 'trade-chart',
  book: 'trade-book',
  form: 'trade-form',
  board: 'trade-board',
};

const LABEL: Record<SkipRegion, string> = {
  pairs: 'skipPairs',
  chart: 'skipChart',
  book: 'skipBook',
  form: 'skipForm',
  board: 'skipBoard',
};

function jump(e: MouseEvent<HTMLAnchorElement>, id: string) {
  e.preventDefault();
  const el = document.getElementById(id);
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'nearest' });
}

export function SkipLinks({ regions = SKIP_REGIONS }: { regions?: readonly SkipRegion[] }) {
  const { t } = useTranslation('market');
  return (
    <nav className="trade-skip" aria-label={t('skipLabel')}>
      {regions.map((r) => (
        <a
          key={r}
          href={`#${SKIP_ID[r]}`}
          className="trade-skip__link visually-hidden-focusable"
          onClick={(e) => jump(e, SKIP_ID[r])}
        >
          {t(LABEL[r])}
        </a>
      ))}
    </nav>
  );
}
