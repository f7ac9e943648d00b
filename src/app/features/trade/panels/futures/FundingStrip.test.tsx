import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { TEST_CONTRACT_PAIR as PAIR } from '../../components/futures/testContractPair';
import { FundingStrip } from './FuturesLayout';

// The worker's mark of the pair (FUT-3: made from the index, published with it) and no funding figures yet.
vi.mock('../../../../market/hooks', () => ({
  useMark: (symbol: string | undefined) =>
    symbol ? { symbol, price: '60123.40', index: '60110.00', time: 1, tradeId: 1 } : undefined,
  useTicker: () => undefined,
}));
vi.mock('../../futuresLists', () => ({
  useFunding: () => ({ data: undefined, reload: () => undefined }),
  useContractPair: () => undefined,
}));

/** The text of the element with this test id. */
function text(html: string, testId: string): string {
  const at = html.indexOf(`data-testid="${testId}"`);
  expect(at, testId).toBeGreaterThan(-1);
  return html.slice(html.indexOf('>', at) + 1, html.indexOf('</', at));
}

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['futures', 'market']);
});

describe('[FUT-3] the futures strip', () => {
  it('[FUT-3][FUI-3] shows the index and the mark side by side, each labelled', () => {
    const html = renderToStaticMarkup(<FundingStrip symbol="btcusdt" pair={PAIR} />);
    expect(text(html, 'strip-index')).toBe('60,110.00');
    expect(text(html, 'strip-mark')).toBe('60,123.40');
    const index = html.indexOf('Index price');
    const mark = html.indexOf('Mark price');
    expect(index).toBeGreaterThan(-1);
    expect(mark).toBeGreaterThan(index);
  });

  it('[FUT-3] shows -- for both before the pair has a mark', () => {
    const html = renderToStaticMarkup(<FundingStrip symbol="" pair={PAIR} />);
    expect(text(html, 'strip-index')).toBe('--');
    expect(text(html, 'strip-mark')).toBe('--');
  });
});
