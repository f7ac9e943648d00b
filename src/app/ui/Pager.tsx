/**
 * Previous / next under a paged list, one for every feature's lists (the trading kit's orders, flow, proxy and
 * invite lists, the inbox). Hidden when everything fits on one page, unless the list shrank under a later page
 * (then "previous" leads back). The words come from the caller's namespace; the classes from its stylesheet.
 */
interface PagerWords {
  /** The navigation's accessible name. */
  label: string;
  prev: string;
  next: string;
  /** "Page 2 of 5" when the feature words it; "2 / 5" otherwise. */
  pageOf?: (page: number, pages: number) => string;
}

interface PagerClasses {
  nav: string;
  button?: string;
  num: string;
}

export function Pager(p: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (n: number) => void;
  words: PagerWords;
  classes: PagerClasses;
}) {
  const pages = Math.max(1, Math.ceil(p.total / p.pageSize));
  if (pages <= 1 && p.page <= 1) return null;
  const { words, classes } = p;
  return (
    <nav className={classes.nav} aria-label={words.label}>
      <button type="button" className={classes.button} disabled={p.page <= 1} onClick={() => p.onPage(p.page - 1)}>
        {words.prev}
      </button>
      <span className={classes.num}>{words.pageOf ? words.pageOf(p.page, pages) : `${p.page} / ${pages}`}</span>
      <button type="button" className={classes.button} disabled={p.page >= pages} onClick={() => p.onPage(p.page + 1)}>
        {words.next}
      </button>
    </nav>
  );
}
