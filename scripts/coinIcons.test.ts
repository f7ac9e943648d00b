import { describe, expect, it } from 'vitest';
import { loadCoinIcons, svgOfModule } from './coinIcons';

describe('coin icons from @web3icons/core [BRAND-3]', () => {
  it('[BRAND-3] reads the SVG literal of a module without running it, escapes and quotes included', () => {
    const text = `var X =\n  '<svg xmlns="http://www.w3.org/2000/svg">\\n  <path d="M1 1" fill=\\'none\\'/>\\n</svg>\\n'\n\nexport { X as default }\n`;
    expect(svgOfModule(text)).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg">\n  <path d="M1 1" fill='none'/>\n</svg>\n`,
    );
  });

  it('[BRAND-3] a module that is not an SVG literal gives nothing', () => {
    expect(svgOfModule(`export default 42`)).toBeUndefined();
    expect(svgOfModule(`var X = '<div></div>'`)).toBeUndefined();
  });

  it('[BRAND-3] the package gives well-formed icons for the big coins, keyed by plain tickers', () => {
    const all = loadCoinIcons();
    expect(all.size).toBeGreaterThan(1000);
    for (const coin of ['BTC', 'ETH', 'USDT', 'SOL', 'DOGE']) expect(all.get(coin)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    for (const key of all.keys()) expect(key).toMatch(/^[A-Z0-9]{1,16}$/);
  });
});
