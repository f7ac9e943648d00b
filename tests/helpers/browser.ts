/**
 * Launches the Chromium that `npm test` found (CHROMIUM_PATH) with the flags this machine needs.
 *
 * PERF-63: one Chromium per test worker, not per file. The browser files run one at a time in one worker and one
 * module graph (PERF-60), so this module's state outlives a file: the first {@link launchBrowser} starts Chromium,
 * the next files borrow the same process. Each file gets a handle of its own that makes its contexts and pages
 * through the shared browser and, on `close()`, closes every context it made (their pages, routes, service workers
 * and storage with them) and nothing else: the next file starts with no context of the last one. Chromium itself
 * is ended when the worker is: vitest stops its worker with SIGTERM (SIGKILL half a second later), on which this
 * module exits the process, and Playwright's exit handler kills Chromium's process group and removes its profile.
 * E2E_OWN_BROWSER=1 gives every file a Chromium of its own again (what a comparison measures against).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * A Chromium of the caller's own, closed by its `close()`: for a process that is not a test worker (the browser
 * benchmark, which a test runs as a child process and which must end when its work is done).
 */
export function launchOwnBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/** The worker's Chromium while it runs (launched again after a crash or disconnect). */
let shared: Promise<Browser> | undefined;
let exitOnTerm = false;

function sharedBrowser(): Promise<Browser> {
  if (shared) return shared;
  const launching = chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
    // Playwright's own SIGTERM handler closes Chromium gracefully and leaves the process running: vitest then kills
    // the worker after 500 ms, perhaps before Chromium is gone. Exiting at once runs Playwright's exit handler,
    // which kills Chromium's process group synchronously.
    handleSIGTERM: false,
  });
  shared = launching;
  launching.then(
    (b) =>
      b.on('disconnected', () => {
        if (shared === launching) shared = undefined;
      }),
    () => {
      if (shared === launching) shared = undefined;
    },
  );
  if (!exitOnTerm) {
    exitOnTerm = true;
    process.once('SIGTERM', () => {
      try {
        process.exit(143);
      } catch {
        // Inside a test vitest's process.exit throws (a run cancelled mid-file): the exit handlers run all the same
        // (Playwright's kills Chromium), and the worker ends as SIGTERM would have ended it.
        process.emit('exit', 143);
        process.kill(process.pid, 'SIGKILL');
      }
    });
  }
  return launching;
}

/**
 * A file's handle on the shared browser: a {@link Browser} whose contexts are this file's only (`newContext`,
 * `newPage` and `contexts()` see them) and whose `close()` closes them and leaves Chromium running for the next file.
 */
function borrowed(browser: Browser): Browser {
  const mine = new Set<BrowserContext>();
  let closed = false;
  const track = (ctx: BrowserContext) => {
    mine.add(ctx);
    ctx.once('close', () => mine.delete(ctx));
    return ctx;
  };
  const own: Partial<Browser> = {
    async newContext(opts) {
      if (closed) throw new Error('this file closed its browser');
      return track(await browser.newContext(opts));
    },
    async newPage(opts): Promise<Page> {
      if (closed) throw new Error('this file closed its browser');
      const page = await browser.newPage(opts);
      track(page.context());
      return page;
    },
    contexts: () => [...mine],
    isConnected: () => !closed && browser.isConnected(),
    async close() {
      closed = true;
      await Promise.all([...mine].map((ctx) => ctx.close().catch(() => undefined)));
      mine.clear();
    },
  };
  return new Proxy(browser, {
    get(target, prop, receiver) {
      if (Object.hasOwn(own, prop)) return own[prop as keyof Browser];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A browser for one test file (PERF-63): a handle on the worker's shared Chromium; its `close()` closes what the file
 * opened in it. With E2E_OWN_BROWSER=1 a Chromium of the file's own.
 */
export async function launchBrowser(): Promise<Browser> {
  if (process.env.E2E_OWN_BROWSER === '1') return launchOwnBrowser();
  let browser = await sharedBrowser();
  if (!browser.isConnected()) {
    shared = undefined;
    browser = await sharedBrowser();
  }
  return borrowed(browser);
}
