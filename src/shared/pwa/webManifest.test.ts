import { describe, expect, it } from 'vitest';
import { BACKGROUND_COLOR, buildWebManifest, DEFAULT_SITE_NAME, SHORT_NAME_MAX, THEME_COLOR } from './webManifest';

describe('[PERF-20] the web app manifest from the site names', () => {
  it("[PERF-20] carries the name and short name, standalone from /, the tokens' colours and the 192, 512 and maskable icons", () => {
    const m = buildWebManifest({ name: 'Harbour Exchange', shortName: 'Harbour' });
    expect(m).toMatchObject({
      name: 'Harbour Exchange',
      short_name: 'Harbour',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
    });
    expect(m.icons).toEqual([
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('[PERF-20] without a short name the name is used, cut to what a launcher shows; a blank name is the default', () => {
    expect(buildWebManifest({ name: 'OpenEx' }).short_name).toBe('OpenEx');
    const long = buildWebManifest({ name: 'The Very Long Exchange Name' });
    expect(long.name).toBe('The Very Long Exchange Name');
    expect(long.short_name.length).toBeLessThanOrEqual(SHORT_NAME_MAX);
    expect(buildWebManifest({ name: '  ', shortName: ' ' })).toMatchObject({
      name: DEFAULT_SITE_NAME,
      short_name: DEFAULT_SITE_NAME,
    });
  });
});
