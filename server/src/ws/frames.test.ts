import { describe, expect, it } from 'vitest';
import { ServerFrame } from '../../../src/shared/protocol';
import { ackBody, detailBody, errorBody, heartbeatBody, klineBody, tradeBody } from './frames';

const finish = (prefix: string) => JSON.parse(prefix + ',"seq":1,"ts":2}');

describe('server frame bodies [WS-6][SRV-6] (spec 7.5, one contract)', () => {
  it('[spec 7.5] every frame the server builds validates against ServerFrame once seq and ts are spliced in', () => {
    const info = {
      close: '1.00',
      openPrice: '1.00',
      change: '0.00',
      priceChangePercent: '0.0000',
      open: '1.00',
      low: '1.00',
      high: '1.00',
      volume: '0',
      volume24: '0',
      high24: '1.00',
      low24: '1.00',
      amount24: '0',
    };
    const bodies = [
      tradeBody('btcusdt', [{ id: 1, price: '1.00', qty: '2', side: 'buy', ts: 3 }]),
      klineBody('btcusdt', '1m', { t: 0, open: '1', high: '1', low: '1', close: '1', vol: '0' }),
      detailBody('btcusdt', info),
      heartbeatBody(5),
      ackBody('subscribe', 'DETAIL:btcusdt'),
      ackBody('unsubscribe', 'HEARTBEAT', 'x1'),
      errorBody('BAD_JSON', 'Frame is not valid JSON'),
      errorBody('THROTTLED', 'slow down', 'x2'),
    ];
    for (const b of bodies) {
      const f = finish(b.prefix);
      expect(ServerFrame.safeParse(f).success, b.prefix).toBe(true);
      expect(b.bytes).toBe(Buffer.byteLength(b.prefix));
    }
    expect(finish(errorBody('X', 'm', 'é').prefix).data.id).toBe('é');
    expect(errorBody('X', 'm', 'é').bytes).toBe(Buffer.byteLength(errorBody('X', 'm', 'é').prefix));
  });
});
