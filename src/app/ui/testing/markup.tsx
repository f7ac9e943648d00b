/**
 * For the features' unit tests: a screen rendered to static HTML inside a router at `path`, and the text a reader
 * sees of it (tags gone, the escaped `&` and `'` read back, white space folded). Test support.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

export const routedHtml = (el: ReactElement, path = '/') =>
  renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{el}</MemoryRouter>);

export const textOf = (h: string) =>
  h
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** The text of `el` rendered at `path`. */
export const screenText = (el: ReactElement, path?: string) => textOf(routedHtml(el, path));
