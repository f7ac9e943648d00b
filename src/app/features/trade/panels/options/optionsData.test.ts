import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../api/client';
import { OrderUnconfirmed } from '../../components/kit/contractOrders';
import * as data from './optionsData';
import { contractServer as server, freshContractServer, testOptionOrder, testOptionQuote } from '../testing';

/** The one client, replaced: each test says what the server answers (or that the reply never comes). */
vi.mock('../../../../api/client', async (orig) => {
  const { optionsApi } = await import('../../../../../shared/api/options');
  const real = await orig<typeof import('../../../../api/client')>();
  return (await import('../testing')).withContractCall(real, optionsApi.buyOption, optionsApi.optionOrderList);
});

// The market worker's hooks (reached through the wallet's balances) need a page; none here.
vi.mock('../../../../market/hooks', () => ({ useLiveAccount: () => undefined }));

const quote = testOptionQuote();

const order = testOptionOrder;

const AT = 5_000_000;

freshContractServer();

describe('buying an option: one submission per intent (OUI-5)', () => {
  it('[OUI-5] the Idempotency-Key is the clientOrderId, and the quote id is what is bought', async () => {
    server.reply = () => Promise.resolve(order());
    await data.buyAtQuote(quote, AT);
    expect(server.placed).toHaveLength(1);
    expect(server.placed[0].body.quoteId).toBe('q-1');
    expect(server.placed[0].key).toBeTruthy();
    expect(server.placed[0].body.clientOrderId).toBe(server.placed[0].key);
    expect(data.pendingOptions()).toEqual([]);
  });

  it('[OUI-5] a reply that times out is answered by asking optionOrderList for that clientOrderId, never by sending again', async () => {
    server.reply = () => {
      // The server did make it; only the reply is lost.
      server.rows = [order({ id: 9, clientOrderId: server.placed[0].key ?? null })];
      return Promise.reject(new ApiError('timeout', 'Request timed out'));
    };
    const bought = await data.buyAtQuote(quote, AT);
    expect(bought.id).toBe(9);
    expect(server.placed).toHaveLength(1);
    expect(server.lookups).toEqual([{ clientOrderId: server.placed[0].key, pageNum: 1, pageSize: 1 }]);
    expect(data.pendingOptions()).toEqual([]);
  });

  it('[OUI-5] not there yet: unconfirmed, the key stays; after a reload the lookup by the same key finds it', async () => {
    server.reply = () => Promise.reject(new ApiError('network', 'Network anomaly'));
    await expect(data.buyAtQuote(quote, AT)).rejects.toBeInstanceOf(OrderUnconfirmed);
    const pending = data.pendingOptions();
    expect(pending).toEqual([
      { symbol: 'btcusdt', kind: 'call', expiry: quote.expiry, strike: '67000', quantity: '0.1', at: AT },
    ]);
    // The reload keeps only the storage: the pending purchase is read back and looked up by its key.
    server.rows = [order({ id: 11, clientOrderId: server.placed[0].key ?? null })];
    await expect(data.resolvePendingOption(pending[0], AT + 10_000)).resolves.toEqual({
      kind: 'found',
      order: server.rows[0],
    });
    expect(server.placed).toHaveLength(1);
    expect(server.lookups.at(-1)).toMatchObject({ clientOrderId: server.placed[0].key });
    expect(data.pendingOptions()).toEqual([]);
  });

  it('[OUI-5] after two minutes without a trace the purchase was not made: the key is forgotten', async () => {
    server.reply = () => Promise.reject(new ApiError('timeout', 'Request timed out'));
    await expect(data.buyAtQuote(quote, AT)).rejects.toBeInstanceOf(OrderUnconfirmed);
    const [p] = data.pendingOptions();
    await expect(data.resolvePendingOption(p, AT + 60_000)).resolves.toEqual({ kind: 'waiting' });
    expect(data.pendingOptions()).toHaveLength(1);
    await expect(data.resolvePendingOption(p, AT + 120_001)).resolves.toEqual({ kind: 'gone' });
    expect(data.pendingOptions()).toEqual([]);
  });

  it('[OUI-5] an expired quote is refused: the server message comes back, nothing is looked up, the next purchase has a new key', async () => {
    server.reply = () =>
      Promise.reject(new ApiError('business', 'The quote has expired: the price is now 431.20 USDT per unit', 0, 200));
    await expect(data.buyAtQuote(quote, AT)).rejects.toThrow('the price is now 431.20');
    expect(server.lookups).toEqual([]);
    expect(data.pendingOptions()).toEqual([]);
    server.reply = () => Promise.resolve(order({ id: 12 }));
    await data.buyAtQuote({ ...quote, quoteId: 'q-2', unitPremium: '431.20' }, AT + 1_000);
    expect(server.placed[1].body.quoteId).toBe('q-2');
    expect(server.placed[1].key).not.toBe(server.placed[0].key);
  });
});
