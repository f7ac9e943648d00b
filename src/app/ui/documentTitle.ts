/**
 * The document title per screen (A11Y-17, A11Y-18): "<screen name> · <brand>", in the user's language. The top bar
 * names its screen (TopBar.tsx), so every screen with one gets its title without code of its own; a screen without
 * one calls useDocumentTitle with its name. Titles stack: a sheet or dialog with its own top bar names the title
 * while open, and the screen's comes back when it closes. The brand is the one the logo shows (`common:brand`).
 */
import { brandName } from '../api/runtimeConfig';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const SEPARATOR = ' · ';

export interface TitleEntry {
  name: string | undefined;
  /** Empty until the entry is named (then it does not count). */
  brand: string;
}

const stack: TitleEntry[] = [];
let lastBrand: string | undefined;

/** "<name> · <brand>", or the brand alone without a name. */
export function composeTitle(name: string | undefined, brand: string): string {
  const n = name?.trim();
  return n ? `${n}${SEPARATOR}${brand}` : brand;
}

function apply(): void {
  if (typeof document === 'undefined') return;
  const top = stack.findLast((e) => e.brand !== '');
  if (top) lastBrand = top.brand;
  const next = top ? composeTitle(top.name, top.brand) : (lastBrand ?? document.title);
  if (document.title !== next) document.title = next;
}

/** Puts a title on top of the stack (a screen or sheet opened). */
export function openTitle(name: string | undefined, brand: string): TitleEntry {
  const entry = { name, brand };
  stack.push(entry);
  apply();
  return entry;
}

/** Renames an open title (the language changed, or a live figure in it moved). */
export function renameTitle(entry: TitleEntry, name: string | undefined, brand = entry.brand): void {
  entry.name = name;
  entry.brand = brand;
  apply();
}

/** Takes a title off the stack (its screen or sheet closed): the one below it shows again. */
export function closeTitle(entry: TitleEntry): void {
  const i = stack.indexOf(entry);
  if (i >= 0) stack.splice(i, 1);
  apply();
}

/**
 * Names the document after `name` while the calling component is mounted. Returns a function that renames it
 * outside React (the trade screens write their live price through it, at most once a second: A11Y-18).
 */
export function useDocumentTitle(name: string | undefined): (name: string) => void {
  const { t } = useTranslation('common');
  const brand = brandName(t);
  const entry = useRef<TitleEntry | null>(null);
  // Layout effects, so that a caller's own layout effect that renames the title (a live figure) runs after these.
  // Opened once per mount: the name and brand follow in the next effect without moving the title in the stack.
  useLayoutEffect(() => {
    const e = openTitle(undefined, '');
    entry.current = e;
    return () => {
      entry.current = null;
      closeTitle(e);
    };
  }, []);
  useLayoutEffect(() => {
    if (entry.current) renameTitle(entry.current, name, brand);
  }, [name, brand]);
  return useCallback((live: string) => {
    if (entry.current) renameTitle(entry.current, live);
  }, []);
}
