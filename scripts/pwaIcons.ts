/**
 * The install icons of the web app manifest (PERF-20), drawn at build from `public/favicon.svg` with sharp, so no
 * binary icon is kept in git: 192 and 512 px ("any"), a 512 px maskable one (the mark at 60 % on the brand colour,
 * inside the 80 % safe circle a launcher may cut) and the 180 px apple-touch-icon (no transparency, as iOS wants).
 * A Vite plugin: emitted into the build (and so precached by the service worker); the dev server has no
 * service worker and does not need them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { APPLE_TOUCH_ICON, PWA_ICONS, BRAND_COLOR } from '../src/shared/pwa/webManifest.ts';

/** The share of a maskable icon's edge the mark takes (the rest is the brand colour). */
const MASKABLE_MARK = 0.6;

async function drawIcon(svg: Buffer, size: number, maskable: boolean): Promise<Buffer> {
  if (!maskable) return sharp(svg, { density: 600 }).resize(size, size).png().toBuffer();
  const mark = Math.round(size * MASKABLE_MARK);
  const inner = await sharp(svg, { density: 600 }).resize(mark, mark).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BRAND_COLOR } })
    .composite([{ input: inner, gravity: 'center' }])
    .png()
    .toBuffer();
}

/** Every icon file of the manifest and the apple-touch-icon, by file name (no leading slash). */
export async function drawPwaIcons(svg: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const i of PWA_ICONS) out.set(i.src.slice(1), await drawIcon(svg, i.size, i.purpose === 'maskable'));
  const apple = await sharp(svg, { density: 600 })
    .resize(APPLE_TOUCH_ICON.size, APPLE_TOUCH_ICON.size)
    .flatten({ background: BRAND_COLOR })
    .png()
    .toBuffer();
  out.set(APPLE_TOUCH_ICON.src.slice(1), apple);
  return out;
}

export function pwaIconsPlugin(root = process.cwd()): Plugin {
  return {
    name: 'openex-pwa-icons',
    apply: 'build',
    async generateBundle() {
      const svg = readFileSync(join(root, 'public', 'favicon.svg'));
      for (const [fileName, source] of await drawPwaIcons(svg)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
