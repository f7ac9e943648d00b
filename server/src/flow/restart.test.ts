/**
 * Flow orders across a restart (FLOW-8): orders, offers and their holds are in the database, a paid order is
 * still confirmed after it, and an unpaid order whose window ran out while the server was down is expired by the
 * job's step with its escrow back in the offer. The server checks the books when it stops, both times.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flowApi } from '../../../src/shared/api/flow';
import type { FlowOffer, FlowOrder } from '../../../src/shared/schemas/flow';
import { directUser, injectPost } from '../testing/fixtures';
import { startTestServer } from '../testing/harness';
import { flowService } from './index';

const START = Date.UTC(2026, 6, 1, 8, 0);
const dir = mkdtempSync(join(tmpdir(), 'flow-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const user = directUser;
const post = injectPost;

describe('[FLOW-8] flow orders survive a restart', () => {
  it('confirms a paid order and expires an unpaid one after the restart', async () => {
    const a = await startTestServer({ clock: 'manual', clockStart: START, dataDir: dir });
    const m = user(a, 'restart-m', '1000');
    const c = user(a, 'restart-c', '0');
    expect((await post(a, m.token, flowApi.flowApply.path, { name: 'Stays', payDetails: 'Bank 4321' })).code).toBe(200);
    const offer = await post<FlowOffer>(a, m.token, flowApi.flowOfferPost.path, {
      side: 'sell',
      fiat: 'EUR',
      price: '0.92',
      amount: '500',
      minFiat: '5',
      maxFiat: '460',
      methods: ['bank'],
      payWindowMin: 15,
    });
    const take = (amount: string) =>
      post<FlowOrder>(a, c.token, flowApi.flowTake.path, {
        offerId: offer.data.id,
        by: 'coin',
        amount,
        method: 'bank',
      });
    const paid = (await take('100')).data;
    const unpaid = (await take('50')).data;
    expect((await post(a, c.token, flowApi.flowPaid.path, { id: paid.id })).code).toBe(200);
    await a.stop(true);

    // An hour later: the unpaid order's window ended while the server was down.
    const b = await startTestServer({ clock: 'manual', clockStart: START + 3_600_000, dataDir: dir });
    const token = (id: number) => b.acc.sessions.create(id);
    expect(flowService(b.ctx, b.ledger).expireDue(b.clock.now())).toBe(1);
    const got = await b.call(flowApi.flowOrder, { token: token(c.id), query: { id: unpaid.id } });
    expect(got.data).toMatchObject({ state: 'expired', endedBy: 'timeout' });
    expect((await post<FlowOrder>(b, token(m.id), flowApi.flowConfirm.path, { id: paid.id })).data.state).toBe(
      'completed',
    );
    expect(b.ledger.balance(c.id, 'platform', 'USDT').available).toBe('100');
    expect(b.ledger.balance(m.id, 'platform', 'USDT')).toEqual({ available: '400', frozen: '500' });
    const mine = await b.call(flowApi.flowMyOffers, { token: token(m.id) });
    expect(mine.data.rows[0]).toMatchObject({ id: offer.data.id, available: '400', status: 'open' });
    await b.stop(true);
  });
});
