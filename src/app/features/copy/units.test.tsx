import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { TraderSummary } from '../../../shared/schemas/follow';
import { loadNamespaces, setLanguage } from '../../i18n/index';

const TRADER: TraderSummary = {
  traderId: 7,
  nickname: 'Alpha Bot',
  bot: true,
  since: 0,
  shareRate: '0.1',
  followers: 0,
  maxFollowers: 100,
  aum: '0',
  equity: '1000',
  windows: [],
};
// The leaderboard reads its rows through useTraders; one page with a trader nobody follows yet.
vi.mock('./data', async (orig) => ({
  ...(await orig<typeof import('./data')>()),
  useTraders: () => ({ status: 'ok', data: { total: 1, rows: [TRADER] }, error: null, reload: () => undefined }),
}));
// The follow button reads the live account; no worker here.
vi.mock('../../market/hooks', () => ({
  useLiveAccount: () => undefined,
  usePositions: () => undefined,
  usePositionStructure: () => undefined,
}));

import { Leaderboard } from './components/Leaderboard';

const render = (desktop: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={['/follow']}>
      <Leaderboard desktop={desktop} />
    </MemoryRouter>,
  );

describe('[NUM-7] a figure states its unit once', () => {
  beforeAll(async () => {
    await setLanguage('en', { persist: false });
    await loadNamespaces(['follow']);
  });

  it('[NUM-7] assets following reads "0.00 USDT", never a bare number, on the desktop table and the phone cards', () => {
    for (const desktop of [true, false]) {
      const html = render(desktop);
      const aum = [...html.matchAll(/<bdi dir="ltr">([^<]*)<\/bdi>/g)].map((m) => m[1]);
      expect(aum, desktop ? 'table' : 'cards').toEqual(['0.00 USDT']);
      // The label does not state the unit a second time.
      expect(html).toContain('>Assets following<');
      expect(html).not.toMatch(/Assets following \(USDT\)/);
    }
  });
});
