import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { RouteDef } from './features/routeDef';
import { ROUTES, warmRoute } from './routes';
import { APP_PATHS, FUTURES_SHORTCUT, NOTICES_HREF, pathOnly, type AppPath } from './ui/appPaths';

const screen = { default: () => null };

describe('[PERF-52] start-up loads the screen of the address it opens on', () => {
  it('loads the matching route, with its parameters, and no other', async () => {
    const trade = vi.fn(() => Promise.resolve(screen));
    const detail = vi.fn(() => Promise.resolve(screen));
    const rest = vi.fn(() => Promise.resolve(screen));
    const defs: RouteDef[] = [
      { path: '/trade', load: trade, ns: [] },
      { path: '/news/:id', load: detail, ns: [] },
      { path: '*', load: rest, ns: [] },
    ];
    warmRoute('/news/7', defs);
    expect(detail).toHaveBeenCalledTimes(1);
    expect(trade).not.toHaveBeenCalled();
    expect(rest).not.toHaveBeenCalled();
    warmRoute('/nowhere', defs);
    expect(rest).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed load (the router reports it when it loads the screen itself)', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    warmRoute('/trade', [{ path: '/trade', load: failing, ns: [] }]);
    await new Promise((r) => setTimeout(r, 0));
    process.off('unhandledRejection', unhandled);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('[PERF-54] start-up also loads what the screen asks for as it renders', () => {
  it("starts the route's other chunks and returns its namespaces", () => {
    const chart = vi.fn(() => Promise.resolve({}));
    const load = vi.fn(() => Promise.resolve(screen));
    const defs: RouteDef[] = [{ path: '/trade', load, ns: ['market', 'trade'], warm: chart }];
    expect(warmRoute('/trade', defs)).toEqual(['market', 'trade']);
    expect(chart).toHaveBeenCalledTimes(1);
    expect(warmRoute('/nowhere', defs)).toEqual([]);
  });
});

describe('[ROOM-3] the table of screens and the route table name the same screens', () => {
  const table: AppPath[] = Object.values(APP_PATHS).flatMap((area) => Object.values(area));
  const routed = ROUTES.map((r) => r.path).filter((p) => p !== '*');
  /** The route a link opens (the last match; `*` when none of the screens). */
  const router = ROUTES.map((r) => ({ path: r.path }));
  const opens = (href: string) => matchRoutes(router, pathOnly(href))?.at(-1)?.route.path;

  it('every address of the table is a route, and every route has its address there, once', () => {
    expect([...table].sort()).toEqual([...routed].sort());
    expect(new Set(table).size).toBe(table.length);
  });

  it('an address with parameters, filled, opens its own route; the shared links open a screen', () => {
    for (const pattern of table.filter((p) => p.includes('/:'))) {
      expect(opens(pattern.replace(/:[^/]+/g, '7'))).toBe(pattern);
    }
    expect(opens(NOTICES_HREF)).toBe(APP_PATHS.messages.message);
    expect(opens(FUTURES_SHORTCUT)).toBe(APP_PATHS.trade.spot);
    expect(opens('/no/such/screen')).toBe('*');
  });
});
