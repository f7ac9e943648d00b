/**
 * In-app navigation for the route walk and the browser tests that share its files (tests/app-walk.test.ts): goes to
 * a path through the router's history navigation (no page load, as the back button does) and tells when the app has
 * answered it.
 */
import type { Page } from 'playwright-core';

/**
 * Goes to `route` (a path, with or without a query) through the router's history navigation and waits until the app
 * has answered it: at `landing` (the route's path, or `/lr` carrying the route as `redirect` for a guarded one signed
 * out) with the route's query, the route loaded, and a new screen in place of the one before, unless the visit
 * before landed on the same screen (`sameScreen`: one sign-in screen after another). Two routes drawn by the same
 * component in a row (the trade modes: /flash, /contract, /trade, /flashOption) keep its element: there the screen's
 * own title (A11Y-17, set in the layout effects of the render that shows the new route) tells that the new route is
 * drawn, figures left out (the trade title's live price moves on its own). False when none of that comes soon
 * (/flashExchange and /exchange keep their screen and its title): the caller then loads the route.
 */
export async function navigatedInApp(
  page: Page,
  route: string,
  opts: { landing?: string; sameScreen?: boolean } = {},
): Promise<boolean> {
  const to = new URL(route, 'http://x');
  const landing = opts.landing ?? to.pathname;
  const titleBefore = await page.evaluate((path) => {
    for (const el of Array.from(document.querySelectorAll('main#main > *'))) el.setAttribute('data-left', '');
    const title = document.title;
    history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return title;
  }, route);
  return page
    .waitForFunction(
      ([path, toPath, query, at, same, before]) => {
        const words = (t: string) => t.replace(/[\d\u0660-\u0669.,٬٫\s]+/g, ' ').trim();
        const here = new URLSearchParams(location.search);
        return (
          location.pathname === at &&
          (at === toPath
            ? Array.from(new URLSearchParams(query)).every(([k, v]) => here.get(k) === v)
            : here.get('redirect') === path) &&
          !document.querySelector('.nav-progress') &&
          (same ||
            Array.from(document.querySelectorAll('main#main > *')).some((el) => !el.hasAttribute('data-left')) ||
            words(document.title) !== words(before))
        );
      },
      [route, to.pathname, to.search, landing, opts.sameScreen ?? false, titleBefore] as const,
      // Not a time limit: past it the caller loads the route from its address, which checks the same.
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );
}
