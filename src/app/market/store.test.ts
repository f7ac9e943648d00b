import { describe, expect, it } from 'vitest';
import { topicKey, type DepthView, type TickerView } from '../../engine';
import { batchOf, tickerAt } from '../../workers/testing/batches';
import { MarketStore } from './store';

describe('tab-side market store [WORK-15]', () => {
  it('[WORK-15] one notification per key per batch; snapshot identity stable between batches', () => {
    const s = new MarketStore();
    let btc = 0;
    let eth = 0;
    s.subscribe('ticker:btcusdt', () => btc++);
    s.subscribe('ticker:ethusdt', () => eth++);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.00')] }));
    const first = s.get('ticker:btcusdt');
    expect(s.get('ticker:btcusdt')).toBe(first);
    expect([btc, eth]).toEqual([1, 0]);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '2.00'), tickerAt('ethusdt', '3.00')] }));
    expect([btc, eth]).toEqual([2, 1]);
    expect(s.get('ticker:btcusdt')).not.toBe(first);
    expect((s.get('ticker:btcusdt') as TickerView).price).toBe('2.00');
  });

  it('[WORK-13] health listeners fire only on a change', () => {
    const s = new MarketStore();
    let n = 0;
    s.subscribeHealth(() => n++);
    s.apply(batchOf({ health: 'live' }));
    s.apply(batchOf({ health: 'live' }));
    s.apply(batchOf({}));
    s.apply(batchOf({ health: 'reconnecting' }));
    expect(n).toBe(2);
    expect(s.health).toBe('reconnecting');
  });

  it('[WORK-15] unsubscribed listeners are not called; dropped topics are forgotten', () => {
    const s = new MarketStore();
    let n = 0;
    const off = s.subscribe('ticker:btcusdt', () => n++);
    off();
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.00')] }));
    expect(n).toBe(0);
    s.drop('ticker:btcusdt');
    expect(s.get('ticker:btcusdt')).toBeUndefined();
  });

  it('[WORK-15] topics the tab let go of while a batch was on its way are not applied', () => {
    const s = new MarketStore();
    let n = 0;
    s.subscribe('ticker:ethusdt', () => n++);
    const changed = s.apply(
      batchOf({ tickers: [tickerAt('btcusdt', '1.00'), tickerAt('ethusdt', '2.00')] }),
      (k) => k === 'ticker:btcusdt',
    );
    expect(changed).toEqual(['ticker:btcusdt']);
    expect(s.get('ticker:ethusdt')).toBeUndefined();
    expect(n).toBe(0);
  });

  it('[WORK-16] a cadenced listener hears at most once per cadence, on a frame, and the newest state', () => {
    const s = new MarketStore();
    let row = 0;
    let header = 0;
    s.subscribe('ticker:btcusdt', () => row++, 250);
    s.subscribe('ticker:btcusdt', () => header++);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.00')] }), undefined, 1000);
    expect([row, header]).toEqual([1, 1]);
    for (let f = 1; f <= 14; f++)
      s.apply(batchOf({ tickers: [tickerAt('btcusdt', `${f}.50`)] }), undefined, 1000 + f * 16.7);
    expect(header).toBe(15);
    expect(row).toBe(1); // 233.8 ms later: not yet
    expect(s.hasDue()).toBe(true);
    s.flushDue(1250); // a frame with no batch still delivers it
    expect(row).toBe(2);
    expect((s.get('ticker:btcusdt') as TickerView).price).toBe('14.50');
    expect(s.hasDue()).toBe(false);
    s.flushDue(2000);
    expect(row).toBe(2); // nothing new: no call
  });

  it('[WORK-16] listeners of one cadence share its beat: rows told at different times change on the same frame', () => {
    const s = new MarketStore();
    let btc = 0;
    let eth = 0;
    s.subscribe('ticker:btcusdt', () => btc++, 250);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.00')] }), undefined, 1000);
    s.subscribe('ticker:ethusdt', () => eth++, 250);
    s.apply(batchOf({ tickers: [tickerAt('ethusdt', '1.00')] }), undefined, 1100);
    expect([btc, eth]).toEqual([1, 1]); // a listener's first change is told at once
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.10'), tickerAt('ethusdt', '1.10')] }), undefined, 1150);
    s.flushDue(1249.9);
    expect([btc, eth]).toEqual([1, 1]); // the beat both were told in (1000 to 1250)
    s.flushDue(1250);
    expect([btc, eth]).toEqual([2, 2]); // the next beat: together, though eth was told only 150 ms ago
  });

  it('[WORK-16] an unsubscribed cadenced listener is never called again', () => {
    const s = new MarketStore();
    let row = 0;
    const off = s.subscribe('ticker:btcusdt', () => row++, 250);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.00')] }), undefined, 0);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '2.00')] }), undefined, 10);
    off();
    expect(s.hasDue()).toBe(false);
    s.flushDue(1000);
    expect(row).toBe(1);
  });
  it('[WORK-18] one listener of many tickers hears once per batch, and once per cadence', () => {
    const s = new MarketStore();
    let sum = 0;
    let list = 0;
    s.subscribeMany(['ticker:btcusdt', 'ticker:ethusdt'], () => sum++);
    const off = s.subscribeMany(['ticker:btcusdt', 'ticker:ethusdt'], () => list++, 250);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.00'), tickerAt('ethusdt', '2.00')] }), undefined, 1000);
    expect([sum, list]).toEqual([1, 1]);
    s.apply(batchOf({ tickers: [tickerAt('btcusdt', '1.10')] }), undefined, 1100);
    s.apply(batchOf({ tickers: [tickerAt('ethusdt', '2.10')] }), undefined, 1200);
    expect([sum, list]).toEqual([3, 1]);
    s.flushDue(1250);
    expect(list).toBe(2);
    off();
    s.apply(batchOf({ tickers: [tickerAt('ethusdt', '2.20')] }), undefined, 2000);
    s.flushDue(3000);
    expect([sum, list]).toEqual([4, 2]);
    expect(s.hasDue()).toBe(false);
  });
});

describe('order books in the tab store [BOOK-4]', () => {
  it('[BOOK-4] a depth view is stored under its topic key and tells its listeners once per batch', () => {
    const s = new MarketStore();
    const key = topicKey({ kind: 'depth', symbol: 'btcusdt', pricePrecision: 2, amountPrecision: 4, group: 10 });
    let n = 0;
    s.subscribe(key, () => n++);
    const view: DepthView = {
      symbol: 'btcusdt',
      pricePrecision: 2,
      amountPrecision: 4,
      group: 10,
      version: 3,
      status: 'live',
      error: null,
      asks: [{ price: '100.10', amount: '1.0000', total: '1.0000', fill: 1 }],
      bids: [],
      spread: null,
      maxTotal: '1.0000',
      seq: 7,
    };
    expect(s.apply(batchOf({ depths: [view] }))).toEqual([key]);
    expect(s.get(key)).toBe(view);
    expect(n).toBe(1);
    s.apply(batchOf({ depths: [view] }), () => false); // let go of while on the way: ignored
    expect(n).toBe(1);
  });
});

describe('marks and positions on the tab [WORK-19][WORK-20]', () => {
  it('[WORK-20][WORK-19] marks are stored under their topic key, the positions view once per batch; a dropped positions topic is forgotten', () => {
    const s = new MarketStore();
    let marks = 0;
    let positions = 0;
    s.subscribe('mark:btcusdt', () => marks++);
    s.subscribe('positions', () => positions++);
    const mark = { symbol: 'btcusdt', price: '60000', index: '59990', time: 1000, tradeId: 7 };
    const view = { version: 3, positions: [], eventCount: 0, lastEvent: null, authorized: true };
    expect(s.apply(batchOf({ marks: [mark], positions: view }))).toEqual(['mark:btcusdt', 'positions']);
    expect(s.get('mark:btcusdt')).toBe(mark);
    expect(s.positions).toBe(view);
    expect([marks, positions]).toEqual([1, 1]);
    // Let go of while on its way: not applied.
    s.apply(batchOf({ positions: { ...view, version: 4 } }), (k) => k !== 'positions');
    expect(s.positions).toBe(view);
    s.drop('positions');
    expect(s.positions).toBeUndefined();
  });
});
