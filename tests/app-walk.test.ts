/**
 * The route walk (WALK-1 to WALK-8): every route of spec 2.1 and 2.4, on the phone and on the desktop, signed
 * out and signed in, against the real server in a real Chromium. Each visit fails on a page error, a console
 * error, a failed request or an error response (WALK-2, WALK-3), horizontal overflow (WALK-4), text cut off by
 * its box (WALK-5) or elements overlapping each other (WALK-6) — see tests/helpers/walkAudit.ts for the exact
 * definitions. It writes a screenshot gallery (WALK-7) to test-results/walk/ (not committed) and prints where: of
 * every visit with WALK_GALLERY=1, else of the visits that found something.
 *
 * One server and one browser for the whole walk; two browser contexts (PERF-69): a signed-out visitor's (its storage
 * and cookies cleared after each test, so each signed-out walk starts as a first visit) and a signed-in one kept
 * across the tests, each walk loading its first route at its size in it. The signed-out
 * phone walk loads each route from its address; the other walks navigate inside the app (WALK-1's decision). The signed-in
 * visits of five screens also run the English half of A11Y-1 (axe), A11Y-17, A11Y-18 and A11Y-20, and the visits of
 * A11Y-2's routes (every other route of the list per size, see `axeRoutesOf`) run A11Y-2's axe check (with A11Y-6's
 * `meta-viewport`): one axe run per visit serves both, and the A11Y-2 tests after the walks read what it found.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';
import {
  appWithDemoUser,
  atSize,
  DESKTOP,
  gotoApp,
  keptPage,
  newContext,
  PHONE,
  visit,
  visitorPage,
  waitForContent,
} from './app-support';
import { api } from '../src/shared/api/registry';
import { ALL_ROUTES, OPEN_PATHS, PUBLIC_MARKET_PATHS, SIGNED_IN_ENTRY_PATHS } from './app-route-list';
import { auditLayout } from './helpers/walkAudit';
import { navigatedInApp } from './helpers/inApp';
import { axeSeriousAndViewport, type AxeViolation } from './helpers/axe';

/**
 * How long one walk of every route may take before it is reported as hung (the project's default is 120 s): a hang
 * guard, not a time limit. The walks also run A11Y-2's axe (about 25 runs a walk signed in): at load 28 to 35 on the
 * 2-core machine a signed-in walk took 270 s and more, so the guard is well above that.
 */
const WALK_TIMEOUT_MS = 600_000;

const GALLERY = resolve('test-results/walk');
/** WALK-7: a screenshot of every visit only when asked; `npm test` shoots the visits that found something. */
const FULL_GALLERY = process.env.WALK_GALLERY === '1';

interface Known {
  /** What is wrong, where, and who owns the fix. */
  finding: string;
  route: string | RegExp;
  size?: 'phone' | 'desktop';
  state?: 'signed-out' | 'signed-in';
  match: RegExp;
}

/**
 * WALK-8: findings in screens owned by work in progress elsewhere (the account area, the layouts, the favicon).
 * Each entry names its finding; the walk prints them as "known" and stays green. Remove an entry when its fix
 * lands (an entry that no longer matches anything fails the walk, so the list cannot go stale).
 */
const KNOWN: Known[] = [];

type Size = 'phone' | 'desktop';
type State = 'signed-out' | 'signed-in';
interface Shot {
  route: string;
  landed: string;
  size: Size;
  state: State;
  file: string;
  problems: string[];
}

const shots: Shot[] = [];

/** PUB-1: the calls that need a session ("GET /api/..."); a signed-out page makes none of them. */
const PRIVATE_CALLS = new Set(
  Object.values(api)
    .filter((e) => e.auth)
    .map((e) => `${e.method} ${e.path}`),
);
const env = appWithDemoUser();

/**
 * A11Y-1, A11Y-17, A11Y-18, A11Y-20 in English: on these screens the signed-in visits also run axe-core (no serious
 * or critical violation), read the title, and check the stopped notice strip (the walk runs with reduced motion).
 * Arabic (right to left) is tests/app-a11y.test.ts.
 */
const A11Y_SCREENS = ['/', '/store', '/trade', '/langList', '/wallet'];

/**
 * A11Y-1, A11Y-18, A11Y-20 on the screen now shown (signed in, English); the problems found. `axe` runs axe on the
 * screen (once the trade title is in), shared with A11Y-2's check of the same visit.
 */
async function a11yProblems(page: Page, route: string, axe: () => Promise<AxeViolation[]>): Promise<string[]> {
  const problems: string[] = [];
  // A11Y-18: the trade screen's title names its pair and price once the price is in.
  if (route === '/trade') {
    const priced = await page
      .waitForFunction(() => /\d · /.test(document.title))
      .then(
        () => true,
        () => false,
      );
    if (!priced) problems.push(`[A11Y-18] the title never showed a price: ${JSON.stringify(await page.title())}`);
  }
  if (route === '/' && (await page.locator('.notice-strip__toggle').count()) > 0) {
    // A11Y-20: reduced motion: stopped from the start, the button offers to play.
    const label = await page.locator('.notice-strip__toggle').getAttribute('aria-label');
    if (!/^Play/.test(label ?? '')) problems.push(`[A11Y-20] the notice strip's button says ${JSON.stringify(label)}`);
  }
  for (const v of (await axe()).filter((x) => x.impact === 'serious' || x.impact === 'critical'))
    problems.push(
      `[A11Y-1] axe ${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
    );
  return problems;
}

/** A11Y-17, A11Y-18: the titles of A11Y_SCREENS (in their order), each its own, the trade one with pair and price. */
function titleProblems(titles: string[]): string[] {
  const all = titles.join(' | ');
  const problems: string[] = [];
  if (!titles.every((x) => x.endsWith(' · OpenEx'))) problems.push(`[A11Y-17] a title without the site: ${all}`);
  if (new Set(titles).size !== A11Y_SCREENS.length) problems.push(`[A11Y-17] titles not one per screen: ${all}`);
  if (!/^BTC\/USDT [\d\u0660-\u0669,.٬٫]+ · .+ · OpenEx$/.test(titles[A11Y_SCREENS.indexOf('/trade')] ?? ''))
    problems.push(`[A11Y-18] the trade title: ${all}`);
  return problems;
}

/**
 * A11Y-2 (moved here from its own walk, once tests/a11y-routes.test.ts, so that its axe check runs on the walk's own
 * visits instead of a second walk): the routes whose visit in this size and signed state runs axe. Signed in, the phone takes the even
 * places of the route list and the desktop the odd ones (signed out the other way round); signed out only the open
 * paths (every other route shows the sign-in screen, which is one of them: PUB-2), signed in not the entry screens
 * (they send the visitor home, GUARD-5). So each route is checked once per signed state, a public route in both sizes.
 */
function axeRoutesOf(size: Size, state: State): string[] {
  const parity = (size === 'phone') === (state === 'signed-in') ? 0 : 1;
  return ALL_ROUTES.filter(
    (r, i) =>
      i % 2 === parity && (state === 'signed-out' ? OPEN_PATHS.includes(r) : !SIGNED_IN_ENTRY_PATHS.includes(r)),
  );
}

/**
 * A11Y-2's findings per walk ("phone, signed-in") and route: axe's serious and critical violations and a
 * `meta-viewport` one (A11Y-6), and a visit that did not land on its route or whose content did not settle before
 * axe ran. A route of `axeRoutesOf` missing here was not checked (its walk stopped before it).
 */
const axeFound = new Map<string, Map<string, string[]>>();

/** Where a walk's time went (printed after it), in ms. */
interface Spent {
  arrive: number;
  content: number;
  audit: number;
  axe: number;
  axeRuns: number;
  shots: number;
  loads: number;
}

/** Spec 2.1, 2.4: the screen is a declared route's, not empty, and shows no raw message key. */
async function screenProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  if (await page.locator('[data-testid="not-found-screen"]').count()) problems.push('not found');
  const text = (await page.locator('main#main').innerText()).trim();
  if (text === '') problems.push('empty screen');
  if (/\b(title|nav|ui)\.[a-zA-Z]+\b/.test(text))
    problems.push(`raw message key in ${JSON.stringify(text.slice(0, 80))}`);
  return problems;
}

function slug(path: string): string {
  return path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-');
}

function isKnown(route: string, size: Size, state: State, problem: string, used: Set<Known>): boolean {
  const k = KNOWN.find(
    (k) =>
      (typeof k.route === 'string' ? k.route === route : k.route.test(route)) &&
      (!k.size || k.size === size) &&
      (!k.state || k.state === state) &&
      k.match.test(problem),
  );
  if (k) used.add(k);
  return k !== undefined;
}

function writeIndex(): void {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const groups = (['signed-out', 'signed-in'] as const).flatMap((state) =>
    (['phone', 'desktop'] as const).map((size) => ({ state, size })),
  );
  const sections = groups
    .map(({ state, size }) => {
      const items = shots
        .filter((s) => s.state === state && s.size === size)
        .map(
          (s) =>
            `<figure class="${s.problems.length ? 'bad' : ''}"><a href="${esc(s.file)}"><img loading="lazy" src="${esc(s.file)}" alt="${esc(s.route)}"></a>` +
            `<figcaption>${esc(s.route)}${s.landed !== s.route ? ` → ${esc(s.landed)}` : ''}` +
            `${s.problems.map((p) => `<br><small>${esc(p)}</small>`).join('')}</figcaption></figure>`,
        )
        .join('\n');
      return `<h2>${state}, ${size}</h2><div class="grid grid--${size}">${items}</div>`;
    })
    .join('\n');
  writeFileSync(
    join(GALLERY, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Route walk</title><style>
body{font:14px system-ui,sans-serif;margin:24px;background:#f4f5f7}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
.grid--desktop{grid-template-columns:repeat(auto-fill,minmax(360px,1fr))}
figure{margin:0;background:#fff;padding:8px;border-radius:8px;border:2px solid transparent}
figure.bad{border-color:#d33}
img{width:100%;height:320px;object-fit:cover;object-position:top;display:block;border:1px solid #ddd}
figcaption{margin-top:6px;word-break:break-all}small{color:#a22}
</style><h1>Route walk: ${shots.length} screens</h1>${sections}`,
  );
}

rmSync(GALLERY, { recursive: true, force: true });
mkdirSync(GALLERY, { recursive: true });

const usedKnown = new Set<Known>();

/**
 * Routes drawn by the same screen as the route before them in the list, with the same title (FX-6: /flashExchange
 * and /exchange are one screen): nothing on the page tells that the app answered a move from one to the other
 * ({@link navigatedInApp} waits 5 s for it in vain), so a walk that landed on the first loads the second from its
 * address, as it did after that wait.
 */
const SAME_SCREEN_AS: Readonly<Record<string, string>> = { '/exchange': '/flashExchange' };

describe('[WALK-1] route walk', () => {
  /** PERF-69: the signed-out visits' page (storage and cookies cleared after each test, parked on about:blank). */
  const visitor = visitorPage(() => env.app.browser);
  /** The signed-in page, kept across the tests: each test below loads (or moves to) its first screen at its size. */
  const signedIn = keptPage(() => newContext(env.app.browser, { viewport: PHONE, token: env.token }));

  afterAll(() => {
    writeIndex();
    console.log(
      `[WALK-7] route walk gallery: ${join(GALLERY, 'index.html')} (${shots.length} screenshots` +
        `${FULL_GALLERY ? '' : ', of the visits that found something; WALK_GALLERY=1 for every visit'})`,
    );
  });

  it('[WALK-4] [WALK-5] [WALK-6] the audit finds overflow, cut text and overlaps, and allows what is intended', async () => {
    const page = await visitor(PHONE);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    try {
      await page.setContent(`<body style="margin:0;font:16px sans-serif">
        <div style="width:100px;overflow:hidden;white-space:nowrap">A label far too long for its box</div>
        <div style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis" title="Truncated on purpose, with a title">Truncated on purpose, with a title</div>
        <div style="width:100px;overflow-x:auto;scrollbar-width:none;white-space:nowrap"><span>Tab one</span> <span>Tab two</span> <span>Tab three</span></div>
        <div style="width:100px;overflow-x:auto;scrollbar-width:none;white-space:nowrap;mask-image:linear-gradient(to left,transparent,#000 24px)"><span>Faded one</span> <span>Faded two</span></div>
        <div style="position:relative;height:40px"><button style="position:absolute;left:0;width:80px">First</button><button style="position:absolute;left:40px;width:80px">Second</button></div>
        <div style="position:fixed;bottom:0;left:0"><button>Floating</button></div>
        <div style="width:600px;height:4px"></div>
        <span class="sr" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Screen reader only</span>
        <div style="width:100px;overflow:hidden;position:relative"><table style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"><tr><td>Hidden table cell far wider than its box</td></tr></table></div>
        <div style="width:100px;overflow:hidden;position:relative"><table style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap"><tr><td>Hidden table by clip-path far wider than its box</td></tr></table></div>
      </body>`);
      const found = (await page.evaluate(auditLayout)).map((f) => `${f.kind}: ${f.detail}`);
      expect(found.filter((f) => f.startsWith('overflow: document 600px wide in 390px'))).toHaveLength(1);
      expect(found.filter((f) => f.startsWith('cut: "A label far too long for its box"'))).toHaveLength(1);
      expect(found.filter((f) => f.includes('Tab two') && f.includes('does not fade its edge'))).toHaveLength(1);
      expect(found.filter((f) => f.includes('First') && f.includes('overlaps') && f.includes('Second'))).toHaveLength(
        1,
      );
      expect(found.filter((f) => /Truncated|Faded|Floating|Screen reader|Hidden table/.test(f))).toEqual([]);
    } finally {
      // Parked again (the visitor's clean-up does the rest): the next test loads the app into an empty document.
      await page.goto('about:blank');
    }
  });

  for (const state of ['signed-out', 'signed-in'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      // Signed in, the guard lets every path through, so each visit also checks (spec 2.1, 2.4) that the route is
      // declared and renders its screen with a real (translated) title: never the not-found page, an empty screen
      // or a raw message key.
      const titles = state === 'signed-in' ? ' [spec 2.1, 2.4] [GUARD-5] renders its screen with a title,' : ',';
      const pub = state === 'signed-out' ? ' [PUB-1] [PUB-2] public pages stay, make no private call,' : '';
      const a11y =
        state === 'signed-in'
          ? ` [A11Y-1] [A11Y-17] [A11Y-18] [A11Y-20] no serious axe violation and a title each on ${A11Y_SCREENS.join(', ')},`
          : '';
      it(
        `[WALK-1] [WALK-2] [WALK-3] [WALK-4] [WALK-5] [WALK-6] [GUARD-1] every route${titles}${pub}${a11y} ${size}, ${state}`,
        async () => {
          // PERF-69: the walk's first route is a load at its size in a warm context (the signed-out one with empty
          // storage), started from an empty document so that nothing of the test before reaches its listeners.
          const page = state === 'signed-out' ? await visitor(viewport) : await atSize(await signedIn(), viewport);
          if (page.url() !== 'about:blank') await page.goto('about:blank');
          await page.emulateMedia({ reducedMotion: 'reduce' });
          const failures: string[] = [];
          const a11yTitles = new Map<string, string>();
          const axeRoutes = axeRoutesOf(size, state);
          const axeOfWalk = new Map<string, string[]>();
          axeFound.set(`${size}, ${state}`, axeOfWalk);
          const spent: Spent = { arrive: 0, content: 0, audit: 0, axe: 0, axeRuns: 0, shots: 0, loads: 0 };
          const started = performance.now();
          let mark = started;
          /** Adds the time since the last mark to `phase`. */
          const lap = (phase: Exclude<keyof Spent, 'axeRuns' | 'loads'>) => {
            const now = performance.now();
            spent[phase] += now - mark;
            mark = now;
          };
          let current: string[] = [];
          const onPageError = (e: Error) => current.push(`page error: ${e.message}`);
          const onConsole = (m: ConsoleMessage) => {
            if (m.type() === 'error') current.push(`console error: ${m.text()} (${m.location().url || 'no source'})`);
          };
          const onRequestFailed = (r: Request) => {
            const why = r.failure()?.errorText ?? '';
            // Cancelled on purpose (a screen left, a superseded load, the page navigated): not a failure.
            if (why === 'net::ERR_ABORTED') return;
            current.push(`request failed: ${r.method()} ${new URL(r.url()).pathname} (${why})`);
          };
          const onRequest = (r: Request) => {
            const call = `${r.method()} ${new URL(r.url()).pathname}`;
            if (state === 'signed-out' && PRIVATE_CALLS.has(call))
              current.push(`private call while signed out: ${call}`);
          };
          const onResponse = (r: Response) => {
            if (r.status() >= 400)
              current.push(`HTTP ${r.status()}: ${r.request().method()} ${new URL(r.url()).pathname}`);
          };
          page.on('pageerror', onPageError);
          page.on('console', onConsole);
          page.on('requestfailed', onRequestFailed);
          page.on('request', onRequest);
          page.on('response', onResponse);
          try {
            let lastLanded: string | undefined;
            for (const route of ALL_ROUTES) {
              current = [];
              mark = performance.now();
              const expected =
                state === 'signed-out'
                  ? OPEN_PATHS.includes(route)
                    ? route
                    : '/lr'
                  : SIGNED_IN_ENTRY_PATHS.includes(route)
                    ? '/'
                    : route;
              // WALK-1 Decision: signed out, the phone loads every route from its address (a shared link a visitor
              // opens); every other walk loads the first route and reaches the others through the app's own
              // navigation, as a click would, except the entry screens signed in (GUARD-5 sends them home on a
              // load). A visit by navigation costs a few frames, a load a start-up.
              const byLoad =
                (size === 'phone' && state === 'signed-out') ||
                lastLanded === undefined ||
                SIGNED_IN_ENTRY_PATHS.includes(route) ||
                SAME_SCREEN_AS[route] === lastLanded;
              if (byLoad) {
                await gotoApp(page, env.app.server.url + route);
                spent.loads++;
              } else if (
                !(await navigatedInApp(page, route, { landing: expected, sameScreen: lastLanded === expected }))
              ) {
                console.log(`[WALK-1] ${route} (${size}, ${state}): no new screen in place; loaded from its address`);
                await gotoApp(page, env.app.server.url + route);
                spent.loads++;
              }
              const landedUrl = new URL(page.url());
              const landed = landedUrl.pathname;
              lastLanded = landed;
              if (landed !== expected) current.push(`landed on ${landed}, expected ${expected}`);
              // PUB-2: a guarded visit carries where it was going.
              if (state === 'signed-out' && expected === '/lr' && route !== '/lr') {
                const back = landedUrl.searchParams.get('redirect');
                if (back !== route) current.push(`redirect ${JSON.stringify(back)}, expected ${route}`);
              }
              lap('arrive');
              const unsettled = await waitForContent(page).then(
                () => undefined,
                (e: Error) => `content did not settle: ${e.message.split('\n')[0]}`,
              );
              if (unsettled) current.push(unsettled);
              lap('content');
              if (state === 'signed-in' || (landed === route && PUBLIC_MARKET_PATHS.includes(route)))
                current.push(...(await screenProblems(page)));
              current.push(...(await page.evaluate(auditLayout)).map((f) => `${f.kind}: ${f.detail}`));
              lap('audit');
              // One axe run per visit, at most, for A11Y-1 and A11Y-2 both.
              let violations: Promise<AxeViolation[]> | undefined;
              const axe = () => {
                if (!violations) spent.axeRuns++;
                return (violations ??= axeSeriousAndViewport(page));
              };
              if (state === 'signed-in' && A11Y_SCREENS.includes(route)) {
                current.push(...(await a11yProblems(page, route, axe)));
                a11yTitles.set(route, await page.title());
              }
              if (axeRoutes.includes(route)) {
                const found = (await axe()).map(
                  (v) =>
                    `${v.id} (${v.impact}): ${v.nodes
                      .slice(0, 3)
                      .map((n) => n.target.join(' '))
                      .join(' | ')}`,
                );
                if (landed !== route) found.unshift(`landed on ${landed}`);
                if (unsettled) found.unshift(unsettled);
                axeOfWalk.set(route, found);
              }
              lap('axe');
              const problems = current;
              // WALK-7: every visit with WALK_GALLERY=1, else only the visits that found something.
              const file = `${state}-${size}-${slug(route)}.png`;
              if (FULL_GALLERY || problems.length > 0) {
                await page.screenshot({ path: join(GALLERY, file), fullPage: true });
                shots.push({ route, landed, size, state, file, problems });
              }
              lap('shots');
              for (const p of problems) {
                if (isKnown(route, size, state, p, usedKnown))
                  console.log(`[WALK-8] known: ${route} ${size} ${state}: ${p}`);
                else failures.push(`${route} (${size}, ${state}): ${p}`);
              }
            }
            if (state === 'signed-in')
              for (const p of titleProblems(A11Y_SCREENS.map((r) => a11yTitles.get(r) ?? '')))
                failures.push(`${size}, ${state}: ${p}`);
            const s = (ms: number) => (ms / 1000).toFixed(1);
            console.log(
              `[WALK-1] ${size}, ${state}: ${ALL_ROUTES.length} routes, ${spent.loads} page loads, ` +
                `${s(performance.now() - started)} s: arriving ${s(spent.arrive)}, content ${s(spent.content)}, ` +
                `audit ${s(spent.audit)}, axe ${s(spent.axe)} (${spent.axeRuns} runs), screenshots ${s(spent.shots)}`,
            );
          } finally {
            // The kept page outlives the test: its listeners go with it, and the app is parked (its socket and
            // timers stop) until the next test loads what it needs.
            page.off('pageerror', onPageError);
            page.off('console', onConsole);
            page.off('requestfailed', onRequestFailed);
            page.off('request', onRequest);
            page.off('response', onResponse);
            await page.goto('about:blank');
          }
          expect(failures).toEqual([]);
          // A walk visits every route (about 60 screens): a hang guard longer than the file default, not a time limit.
        },
        WALK_TIMEOUT_MS,
      );
    }
  }

  it('[A11Y-2] the walks check every route signed in, and every open path signed out in both sizes', () => {
    const signedIn = [...axeRoutesOf('phone', 'signed-in'), ...axeRoutesOf('desktop', 'signed-in')];
    expect([...signedIn].sort()).toEqual(ALL_ROUTES.filter((r) => !SIGNED_IN_ENTRY_PATHS.includes(r)).sort());
    const open = ALL_ROUTES.filter((r) => OPEN_PATHS.includes(r));
    expect([...axeRoutesOf('phone', 'signed-out'), ...axeRoutesOf('desktop', 'signed-out')].sort()).toEqual(
      [...open].sort(),
    );
    // A public route: signed out in one size, signed in in the other.
    for (const r of open.filter((x) => !SIGNED_IN_ENTRY_PATHS.includes(x)))
      expect(axeRoutesOf('phone', 'signed-out').includes(r), r).toBe(axeRoutesOf('desktop', 'signed-in').includes(r));
  });

  for (const state of ['signed-out', 'signed-in'] as const) {
    for (const size of ['phone', 'desktop'] as const) {
      it(`[A11Y-2] [A11Y-6] no serious or critical axe violation on every other route (the other size takes the rest), ${size}, ${state}`, () => {
        // Found on the walk's visits above (with reduced motion, once each visit's content settled).
        const found = axeFound.get(`${size}, ${state}`) ?? new Map<string, string[]>();
        expect(
          axeRoutesOf(size, state).flatMap((r) => (found.get(r) ?? ['not checked']).map((f) => `${r}: ${f}`)),
        ).toEqual([]);
      });
    }
  }

  /** Goes to `path` inside the app (no page load; none of these checks is about one), or loads it if that fails. */
  const goTo = async (page: Page, path: string) => {
    if (await navigatedInApp(page, path)) return;
    console.log(`${path}: no new screen in place; loaded from its address`);
    await gotoApp(page, env.app.server.url + path);
  };

  it('[TRADE-4] [TRADE-6] [TRADE-7] [TRADE-8] [NAV-2] [CONTENT-2] the defects the walk was written for stay fixed', async () => {
    // PERF-69: the signed-in page at the desktop size: /trade reached in the app when it shows another screen (none
    // of these checks is about a load), else loaded; then the phone size, loaded on /flash.
    const page = await atSize(await signedIn(), DESKTOP);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await visit(page, env.app.server.url, '/trade');
    await page.waitForSelector('.trade-pairs .mt-row');
    // TRADE-4: the four list tabs on one row.
    const tops = await page.$$eval('.trade-pairs .pp-tab', (els) => els.map((e) => e.getBoundingClientRect().top));
    expect(tops.length).toBe(4);
    expect(new Set(tops).size).toBe(1);
    // TRADE-8: the 24h statistics labels on one line each.
    const lines = await page.$$eval('.ph-stats dt', (els) =>
      els.map((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))),
    );
    expect(lines).toEqual([1, 1, 1, 1]);
    // TRADE-6: a filter that matches nothing says so.
    await page.fill('.pp-search input', 'zzz');
    await page.waitForSelector('.trade-pairs >> text=No pairs match "zzz"');
    // TRADE-7: the favourites as a titled list with their count.
    await goTo(page, '/flash?tab=optional');
    await page.waitForSelector('.wl .mt-row');
    expect(await page.locator('.wl-title').innerText()).toBe('Favorites');
    expect(Number(await page.locator('.wl-count').innerText())).toBe(await page.locator('.wl .mt-row').count());
    // CONTENT-2: every listed help article opens; an id the rules lack says it was not found.
    await goTo(page, '/help');
    await page.waitForSelector('.help-item');
    const hrefs = await page.$$eval('.help-item', (els) => els.map((e) => e.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    // Each article opened as a reader does: a click on its entry in the list, then back to the list.
    for (const href of hrefs) {
      await page.locator(`.help-item[href="${href}"]`).click();
      await page.waitForURL((u) => u.pathname === href);
      await page.waitForSelector('.mk-article-title, .empty-state');
      expect(await page.locator('.mk-article-title').count(), href).toBe(1);
      await page.goBack();
      await page.waitForSelector('.help-item');
    }
    await goTo(page, '/helpDetail/1');
    await page.waitForSelector('text=This article was not found');

    const p = await atSize(page, PHONE);
    // TRADE-8: the phone's mode tabs snap and fade their trailing edge.
    await gotoApp(p, env.app.server.url + '/flash');
    const style = await p.$eval('.trade-tabs', (e) => {
      const cs = getComputedStyle(e);
      return { mask: cs.maskImage, snap: cs.scrollSnapType };
    });
    expect(style.mask).toContain('linear-gradient');
    expect(style.snap).toContain('x');
    // TRADE-8: the active mode tab is scrolled into the strip, clear of the faded edge (Futures comes fourth).
    await goTo(p, '/contract');
    await p.waitForSelector('.trade-tabs [aria-current="page"][data-mode="Ustandard"]');
    const edge = await p.$eval('.trade-tabs', (e) => {
      const b = e.getBoundingClientRect();
      const r = e.querySelector('[aria-current="page"]')!.getBoundingClientRect();
      return { overflow: e.scrollWidth > e.clientWidth, left: r.left - b.left, right: b.right - r.right };
    });
    expect(edge.overflow).toBe(true);
    expect(edge.left).toBeGreaterThanOrEqual(0);
    expect(edge.right).toBeGreaterThanOrEqual(32); // the fade's width
    // NAV-2: /finance is a bottom-tab screen: it shows the tab bar, with finance highlighted.
    await goTo(p, '/finance');
    await p.waitForSelector('nav[data-testid="tabbar"]');
    expect(await p.locator('nav[data-testid="tabbar"] [aria-current="page"]').innerText()).toContain('Finance');
    await p.locator('nav[data-testid="tabbar"]').getByRole('link', { name: 'Home' }).click();
    await p.waitForURL((u) => new URL(u).pathname === '/');
  });

  it('[spec 2.1, 2.4] an unknown path shows the not-found screen with a way home', async () => {
    // A load of the unknown address (as typed), on the signed-in page at the phone size.
    const page = await atSize(await signedIn(), PHONE);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // Into an empty document, as the new page it once was: the app the test before left is unloaded first.
    if (page.url() !== 'about:blank') await page.goto('about:blank');
    await gotoApp(page, env.app.server.url + '/no-such-page');
    expect(await page.locator('[data-testid="not-found-screen"]').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('[WALK-8] every known finding still occurs (remove an entry when its fix lands)', () => {
    expect(KNOWN.filter((k) => !usedKnown.has(k)).map((k) => k.finding)).toEqual([]);
  });
});
