import { readFlag } from './flags';
import { isRealLink } from './links';

/** DOWNLOAD_SETTING (spec 3.3: name android/apple, url, sort, isOpen) → the links to show. Pure; tested. */
export interface DownloadLink {
  name: 'android' | 'apple';
  url: string;
}

const open = (v: unknown) => readFlag(v, false);

/** Open entries of a known platform with an http(s) URL, by sort; one per platform. */
export function downloadLinks(
  entries: readonly { name?: unknown; url?: unknown; sort?: unknown; isOpen?: unknown }[] | undefined,
): DownloadLink[] {
  const seen = new Set<string>();
  return (entries ?? [])
    .map((e, i) => ({
      name: String(e.name ?? '').toLowerCase(),
      url: String(e.url ?? '').trim(),
      sort: Number(e.sort),
      open: open(e.isOpen),
      i,
    }))
    .filter(
      (e) => e.open && (e.name === 'android' || e.name === 'apple') && /^https?:\/\//i.test(e.url) && isRealLink(e.url),
    )
    .sort((a, b) => (Number.isFinite(a.sort) ? a.sort : 1e9) - (Number.isFinite(b.sort) ? b.sort : 1e9) || a.i - b.i)
    .filter((e) => !seen.has(e.name) && (seen.add(e.name), true))
    .map((e) => ({ name: e.name as DownloadLink['name'], url: e.url }));
}
