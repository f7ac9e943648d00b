import { describe, expect, it } from 'vitest';
import type { DepthTopic } from '../engine';
import { hostOverExchange } from './testing/exchangeHost';

const setup = () => hostOverExchange(['btcusdt']);

const BOOK: DepthTopic = { kind: 'depth', symbol: 'btcusdt', pricePrecision: 2, amountPrecision: 4, group: 1 };

describe('order book views through the worker [BOOK-4]', () => {
  it('[BOOK-4] a tab gets at most one book view per frame (credit), the latest; a hidden tab gets nothing', async () => {
    const { exchange, tab, settle } = setup();
    exchange.depth('btcusdt', { bids: [['99.00', '1']], asks: [['101.00', '1']] });
    const a = tab('a');
    const hidden = tab('hidden');
    a.s.watch(BOOK);
    hidden.s.watch(BOOK);
    a.s.credit();
    await settle();
    expect(a.got).toHaveLength(1);
    expect(a.got[0].depths?.[0]).toMatchObject({ status: 'live', asks: [{ price: '101.00' }] });
    // 100 deltas within one frame: one batch at the next credit, with the latest book only.
    for (let i = 1; i <= 100; i++) exchange.depth('btcusdt', { asks: [['101.00', String(i)]] });
    await settle();
    expect(a.got).toHaveLength(1);
    a.s.credit();
    await settle();
    expect(a.got).toHaveLength(2);
    expect(a.got[1].depths).toHaveLength(1);
    expect(a.got[1].depths![0].asks[0].amount).toBe('100.0000');
    expect(hidden.got).toHaveLength(0);
    // Shown again: the hidden tab gets the latest state at once.
    hidden.s.credit();
    await settle();
    expect(hidden.got).toHaveLength(1);
    expect(hidden.got[0].depths![0].asks[0].amount).toBe('100.0000');
  });

  it('[BOOK-4] changes that do not alter the visible rows send nothing', async () => {
    const { exchange, tab, settle } = setup();
    const asks: [string, string][] = Array.from({ length: 35 }, (_, i) => [(101 + i / 100).toFixed(2), '1']);
    exchange.depth('btcusdt', { bids: [['99.00', '1']], asks });
    const a = tab('a');
    a.s.watch(BOOK);
    a.s.credit();
    await settle();
    expect(a.got).toHaveLength(1);
    a.s.credit();
    exchange.depth('btcusdt', { asks: [['101.33', '9']] }); // the 34th level: not shown
    exchange.depth('btcusdt', { asks: [['101.00', '1']] }); // the same total again
    await settle();
    expect(a.got).toHaveLength(1);
    exchange.depth('btcusdt', { asks: [['101.01', '2']] });
    await settle();
    expect(a.got).toHaveLength(2);
    expect(a.got[1].depths![0].asks[1]).toMatchObject({ price: '101.01', amount: '2.0000', total: '3.0000' });
  });

  it('[BOOK-1] two tabs and two groupings share one DEPTH subscription', async () => {
    const { exchange, tab, settle, host } = setup();
    const a = tab('a');
    const b = tab('b');
    a.s.watch(BOOK);
    b.s.watch({ ...BOOK, group: 10 });
    await settle();
    expect(exchange.subscriptions()['DEPTH:btcusdt']).toBe(1);
    expect(host.diagnostics().subscriptions).toContain('DEPTH:btcusdt');
  });
});
