/** The idempotent route option of the one Router, on its own Fastify with an in-memory database. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../../src/shared/api/endpoint';
import { collectRoutes, installErrorHandler, installNotFound } from '../http/errors';
import { ApiFail } from '../http/failures';
import { installJsonBody } from '../http/jsonBody';
import { Router } from '../http/route';
import { manualClock } from '../time/clock';
import { Idempotency, MSG_IN_PROGRESS, requestHash } from './idempotency';
import { sqliteIdempotencyStore } from './idempotencyStore';
import { freshDb } from './testDb';

const pay = defineEndpoint({
  method: 'POST',
  path: '/api/test/pay',
  summary: 'pay',
  body: z.object({ amount: z.string() }),
  data: z.object({ n: z.number() }),
  auth: true,
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function build(
  opts: {
    before?: () => Promise<void>;
    fail?: (amount: string) => void;
    /** Told each time the reply's data is serialised (its toJSON). */
    serialised?: () => void;
    /** Through a batch as the trading core runs it (the router's `commit`, CORE-3). */
    batched?: boolean;
  } = {},
) {
  const db = await freshDb();
  db.exec('CREATE TABLE effects (n INTEGER PRIMARY KEY AUTOINCREMENT, amount TEXT)');
  const clock = manualClock();
  const idem = new Idempotency({ store: sqliteIdempotencyStore(db), clock });
  app = Fastify({ logger: false });
  const routes = collectRoutes(app);
  installErrorHandler(app);
  installNotFound(app, routes, { spaFallback: false });
  installJsonBody(app);
  const router = new Router<{ id: number }>(app, {
    validateReplies: true,
    loadUser: (t) => (t === 'tok1' ? { id: 1 } : t === 'tok2' ? { id: 2 } : undefined),
    idempotency: idem,
    userId: (u) => u.id,
    ...(opts.batched ? { commit: <T>(work: () => T) => Promise.resolve(db.transaction(work)()) } : {}),
  });
  router.route(
    pay,
    ({ body }) => {
      const n = Number(db.prepare('INSERT INTO effects (amount) VALUES (?)').run(body.amount).lastInsertRowid);
      opts.fail?.(body.amount);
      const serialised = opts.serialised;
      return serialised
        ? {
            n,
            toJSON: () => {
              serialised();
              return { n };
            },
          }
        : { n };
    },
    { idempotent: true, before: opts.before },
  );
  const effects = () => (db.prepare('SELECT count(*) AS n FROM effects').get() as { n: number }).n;
  const post = async (amount: string, key?: string, token = 'tok1') => {
    const res = await app!.inject({
      method: 'POST',
      url: pay.path,
      headers: { satoken: token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { amount },
    });
    return { body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true', status: res.statusCode };
  };
  return { db, idem, post, effects };
}

describe('[IDEM-3] a repeat while the first request runs', () => {
  it('answers "in progress" (code 0), then the stored reply once the first is done', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const t = await build({
      before: async () => {
        entered();
        await gate;
      },
    });
    const first = t.post('5', 'key-running-1');
    await inside;
    expect((await t.post('5', 'key-running-1')).body).toEqual({ code: 0, msg: MSG_IN_PROGRESS, data: null });
    expect(t.effects()).toBe(0);
    open();
    const done = await first;
    expect(done.body).toEqual({ code: 200, msg: 'success', data: { n: 1 } });
    const again = await t.post('5', 'key-running-1');
    expect(again).toEqual({ body: done.body, replayed: true, status: 200 });
    expect(t.effects()).toBe(1);
  });
});

describe('[IDEM-2] [IDEM-5] the reply and its effect commit together', () => {
  it('a server error rolls the effect back and frees the key; a retry runs afresh', async () => {
    let crash = true;
    const t = await build({
      fail: () => {
        if (crash) throw new Error('disk on fire');
      },
    });
    expect((await t.post('5', 'key-crash-01')).status).toBe(500);
    expect(t.effects()).toBe(0);
    crash = false;
    expect((await t.post('5', 'key-crash-01')).body).toEqual({ code: 200, msg: 'success', data: { n: 1 } });
    expect(t.effects()).toBe(1);
  });
  it('a business refusal rolls back and is the stored reply', async () => {
    const t = await build({
      fail: (a) => {
        if (a === '0') throw new ApiFail('Nothing to pay');
      },
    });
    const a = await t.post('0', 'key-refuse-1');
    expect(a.body).toEqual({ code: 0, msg: 'Nothing to pay', data: null });
    expect(await t.post('0', 'key-refuse-1')).toEqual({ body: a.body, replayed: true, status: 200 });
    expect(t.effects()).toBe(0);
  });
  it('claims left running by a stopped process are dropped at start (their effect never committed)', async () => {
    const t = await build();
    expect(t.idem.claim(1, 'key-stale-01', requestHash('POST', pay.path, {}, { amount: '5' }))).toEqual({
      state: 'new',
    });
    expect((await t.post('5', 'key-stale-01')).body.msg).toBe(MSG_IN_PROGRESS);
    expect(t.idem.recover()).toBe(1);
    expect((await t.post('5', 'key-stale-01')).body.code).toBe(200);
    expect(t.effects()).toBe(1);
  });
  it('keys are per user; without a key every request is its own', async () => {
    const t = await build();
    expect((await t.post('5', 'key-shared-1', 'tok1')).body.data).toEqual({ n: 1 });
    expect((await t.post('5', 'key-shared-1', 'tok2')).body.data).toEqual({ n: 2 });
    await t.post('5');
    await t.post('5');
    expect(t.effects()).toBe(4);
  });
});

describe('[PERF-59] an idempotent reply is serialised once', () => {
  for (const batched of [false, true])
    it(`the text stored under the key is the text sent${batched ? ' (in a batch)' : ''}`, async () => {
      let times = 0;
      const t = await build({ serialised: () => times++, batched });
      const res = await app!.inject({
        method: 'POST',
        url: pay.path,
        headers: { satoken: 'tok1', 'idempotency-key': `key-once-${Number(batched)}` },
        payload: { amount: '5' },
      });
      expect(times).toBe(1);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ code: 200, msg: 'success', data: { n: 1 } });
      const again = await t.post('5', `key-once-${Number(batched)}`);
      expect(again).toEqual({ body: res.json(), replayed: true, status: 200 });
      expect(times).toBe(1);
    });
});
