/**
 * Coin logos (BRAND-3) as static files: `/coin-icons/<SYMBOL>.svg` for every token icon (the variant on its brand-coloured background, cut round by the app) of
 * @web3icons/core (MIT), `/coin-icons/manifest.json` (the sorted list of symbols, which the app fetches once so
 * it never asks for an icon that does not exist) and `/coin-icons/LICENSE.txt`. A Vite plugin: emitted into the
 * build, and served by the dev server. The package ships each SVG as a tiny ES module holding one string literal
 * (`var X = '<svg ...>'; export { X as default }`); the literal is read from the text, not executed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export const COIN_ICONS_DIR = 'coin-icons';
const SUFFIX = '.svg.js';
const SYMBOL = /^[A-Z0-9]{1,16}$/;

const LICENSE = `Coin logos: Web3 Icons (@web3icons/core, https://web3icons.io) by 0xa3k5, MIT licence.
Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and
to permit persons to whom the Software is furnished to do so, subject to the following conditions: the above
copyright notice and this permission notice shall be included in all copies or substantial portions of the
Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.
`;

function iconDir(): string {
  const require = createRequire(import.meta.url);
  const index = require.resolve('@web3icons/core');
  return join(dirname(index), 'svgs', 'tokens', 'background');
}

const LITERAL = /=\s*'((?:[^'\\]|\\.)*)'/;

/** The SVG markup in one of the package's modules, or undefined when the module is not of the expected shape. */
export function svgOfModule(text: string): string | undefined {
  const m = LITERAL.exec(text);
  if (!m) return undefined;
  try {
    const svg = JSON.parse('"' + m[1].replace(/\\'/g, "'").replace(/"/g, '\\"') + '"') as string;
    return svg.trimStart().startsWith('<svg') ? svg : undefined;
  } catch {
    return undefined;
  }
}

/** symbol -> SVG markup, for every token icon whose name is a plain ticker. */
export function loadCoinIcons(dir = iconDir()): Map<string, string> {
  const out = new Map<string, string>();
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.slice(0, -SUFFIX.length))
    .filter((s) => SYMBOL.test(s))
    .sort();
  for (const name of names) {
    const svg = svgOfModule(readFileSync(join(dir, name + SUFFIX), 'utf8'));
    if (svg !== undefined) out.set(name, svg);
  }
  return out;
}

export function coinIconsPlugin(): Plugin {
  let icons: Map<string, string> | undefined;
  const get = () => (icons ??= loadCoinIcons());
  return {
    name: 'coin-icons',
    generateBundle() {
      const all = get();
      for (const [name, svg] of all) {
        this.emitFile({ type: 'asset', fileName: `${COIN_ICONS_DIR}/${name}.svg`, source: svg });
      }
      this.emitFile({
        type: 'asset',
        fileName: `${COIN_ICONS_DIR}/manifest.json`,
        source: JSON.stringify([...all.keys()]),
      });
      this.emitFile({ type: 'asset', fileName: `${COIN_ICONS_DIR}/LICENSE.txt`, source: LICENSE });
    },
    configureServer(server) {
      server.middlewares.use(`/${COIN_ICONS_DIR}/`, (req, res, next) => {
        const file = (req.url ?? '').split('?')[0].replace(/^\//, '');
        const all = get();
        if (file === 'manifest.json') {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify([...all.keys()]));
          return;
        }
        const svg = file.endsWith('.svg') ? all.get(file.slice(0, -4)) : undefined;
        if (svg === undefined) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(svg);
      });
    },
  };
}
