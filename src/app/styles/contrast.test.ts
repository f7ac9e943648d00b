/**
 * A11Y-3, A11Y-4: the WCAG contrast ratios of the design tokens (tokens.css), for the pairs the screens use,
 * listed by where they are used. Text needs 4.5:1 (3:1 when large), the parts that identify a control 3:1.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = join(process.cwd(), 'src/app');
const tokensCss = readFileSync(join(APP, 'styles/tokens.css'), 'utf8');

const TOKENS: Record<string, string> = {};
for (const m of tokensCss.matchAll(/(--color-[a-z0-9-]+):\s*(#[0-9a-fA-F]{3,6})\b/g)) TOKENS[m[1]] = m[2];

/** A token's value, or a literal colour. */
function colour(name: string): string {
  const v = name.startsWith('#') ? name : TOKENS[name];
  if (!v) throw new Error(`no colour token ${name} in tokens.css`);
  return v;
}

function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two opaque colours. */
function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(colour(a)), luminance(colour(b))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT = 4.5;
const LARGE = 3;
const UI = 3;

// The stops of the gradients text sits on (a gradient passes when every stop does).
const HOME_HERO = ['--color-brand-soft', '#f4f7ff', '--color-bg']; // HomeScreen.css .home-hero
const CARD_GRADIENT = ['--color-brand-soft', '--color-surface']; // wallet.css .wallet-total, my.css .my-card

/** [foreground, backgrounds, minimum, where]. */
type Pair = readonly [string, readonly string[], number, string];
const PAIRS: readonly Pair[] = [
  // Reading text.
  [
    '--color-text',
    ['--color-bg', '--color-surface-2', '--color-surface-3', '--color-up-soft', '--color-down-soft', ...HOME_HERO],
    TEXT,
    'body text on pages, cards, inputs, hovered rows, the home hero',
  ],
  [
    '--color-text-2',
    ['--color-bg', '--color-surface-2', '--color-surface-3', ...HOME_HERO, ...CARD_GRADIENT],
    TEXT,
    'secondary text, labels, the home hero line, the wallet and My cards',
  ],
  ['--color-text-3', ['--color-bg', '--color-surface-2'], TEXT, 'muted hints and captions (/follow, invite, proxy)'],
  ['--color-text-3', CARD_GRADIENT, LARGE, 'the hidden wallet total (30 px bold) on its card gradient'],
  ['--color-brand', ['--color-bg', '--color-surface-2', '--color-brand-soft'], TEXT, 'links, active tabs, chips'],
  ['--color-brand-hover', ['--color-bg', '--color-surface-2'], TEXT, 'hovered links'],
  ['--color-up', ['--color-bg', '--color-surface-2', '--color-up-soft'], TEXT, 'buy, rise, profit, credited'],
  ['--color-down', ['--color-bg', '--color-surface-2', '--color-down-soft'], TEXT, 'sell, fall, loss, form errors'],
  ['--color-warn', ['--color-bg', '--color-surface-2', '#fff4e0'], TEXT, 'countdowns, network warnings, badges'],
  [
    '--color-text-on-brand',
    ['--color-brand', '--color-brand-hover', '--color-up', '--color-down', '--color-warn', '--color-text-3'],
    TEXT,
    'white text on the brand, buy, sell, warning buttons and the neutral badge',
  ],
  // Parts that identify a control or its state.
  ['--color-focus', ['--color-bg', '--color-surface-2'], UI, 'the focus ring'],
  ['--color-up', ['--color-bg', '--color-surface-2'], UI, 'buy/up graphics (sparklines, chart, dots)'],
  ['--color-down', ['--color-bg', '--color-surface-2', '--color-down-soft'], UI, 'sell/down graphics, invalid border'],
  ['#b57600', ['--color-bg', '--color-surface-2'], UI, 'a starred pair (WatchStar.css)'],
  [
    '--color-border-input',
    ['--color-bg', '--color-surface-2', '--color-surface-3', '--color-brand-soft'],
    UI,
    "A11Y-5: a field's edge (forms.css, spot.css), the search boxes, the slider track's empty part, the selects",
  ],
];

/**
 * Colours written as literals for text in the app's CSS (`color: #...`), with the backgrounds each sits on. A new
 * literal fails the test until it is listed here with its backgrounds, or uses a token instead.
 */
const LITERAL_TEXT: Readonly<Record<string, readonly [readonly string[], number]>> = {
  '#fff': [['--color-brand', '--color-up', '--color-down', '--color-warn', '--color-text-3'], TEXT],
  '#b57600': [['--color-bg', '--color-surface-2'], UI], // a glyph (the star), a UI part
  '#8a5300': [['#fff7e6'], TEXT], // deposit.css .deposit-warn
  '#b42318': [['#fdecec', '--color-bg'], TEXT], // deposit.css .deposit-warn--strong, below minimum
};

function cssFiles(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) cssFiles(p, out);
    else if (p.endsWith('.css') && !p.endsWith('tokens.css')) out.push(p);
  }
  return out;
}

describe('[A11Y-3] [A11Y-4] contrast of the design tokens', () => {
  it('reads the colour tokens of tokens.css', () => {
    expect(Object.keys(TOKENS).length).toBeGreaterThan(15);
    expect(TOKENS['--color-bg']).toBe('#ffffff');
  });

  for (const [fg, bgs, min, where] of PAIRS) {
    it(`[A11Y-3] ${fg} reaches ${min}:1 on ${bgs.join(', ')} (${where})`, () => {
      for (const bg of bgs) expect(ratio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(min);
    });
  }

  it('[A11Y-3] every literal text colour in the app CSS is listed and passes on its backgrounds', () => {
    const seen = new Set<string>();
    for (const file of cssFiles(APP, [])) {
      const css = readFileSync(file, 'utf8');
      for (const m of css.matchAll(/(?:^|[\s;{])color:\s*(#[0-9a-fA-F]{3,6})\b/g)) {
        const c = m[1].toLowerCase();
        expect(Object.keys(LITERAL_TEXT), `${file}: text colour ${c} is not a token and not listed`).toContain(c);
        seen.add(c);
      }
    }
    for (const c of seen) {
      const [bgs, min] = LITERAL_TEXT[c];
      for (const bg of bgs) expect(ratio(c, bg), `${c} on ${bg}`).toBeGreaterThanOrEqual(min);
    }
  });

  it('[A11Y-5] filled inputs, the search boxes and the slider track have an edge of 3:1 on the page', () => {
    for (const bg of ['--color-bg', '--color-surface-2', '--color-surface-3'])
      expect(ratio('--color-border-input', bg), bg).toBeGreaterThanOrEqual(UI);
    /** The declarations of the first rule whose selector list is exactly `selector`. */
    const rule = (file: string, selector: string) => {
      const css = readFileSync(join(APP, file), 'utf8');
      const at = css.indexOf(`\n${selector} {`);
      expect(at, `${file} ${selector}`).toBeGreaterThan(-1);
      return css.slice(at, css.indexOf('}', at));
    };
    const EDGED: ReadonlyArray<readonly [string, string]> = [
      ['forms/forms.css', '.field__control'],
      ['features/trade/components/spot/spot.css', '.so-field'],
      ['features/trade/TradeShell.css', '.pp-search'],
      ['features/markets/screens/SearchScreen.css', '.search-field'],
      ['features/markets/screens/HomeScreen.css', '.home-search'],
      ['features/wallet/components/exchange.css', '.fx-leg'],
      ['features/flow/components/flow.css', '.fl-input'],
      ['features/copy/components/follow.css', '.cp-input'],
    ];
    for (const [file, selector] of EDGED)
      expect(rule(file, selector), `${file} ${selector}`).toMatch(/border: 1px solid var\(--color-border-input\)/);
    // The slider track's empty part, both directions and Firefox's track.
    expect(rule('features/trade/components/spot/spot.css', '.so-range::-webkit-slider-runnable-track')).toContain(
      'var(--color-border-input) var(--pct, 0%)',
    );
    expect(rule('features/trade/components/spot/spot.css', '.so-range::-moz-range-track')).toContain(
      'background: var(--color-border-input)',
    );
  });

  it('[A11Y-3] the buy and sell colours stay green and red (hue kept)', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour(hex).slice(i, i + 2), 16));
      return { r, g, b };
    };
    const up = hue('--color-up');
    const down = hue('--color-down');
    expect(up.g).toBeGreaterThan(up.r + 60);
    expect(down.r).toBeGreaterThan(down.g + 100);
  });
});
