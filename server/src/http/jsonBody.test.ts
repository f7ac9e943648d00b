import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installJsonBody } from './jsonBody';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The body as the parser left it: its own keys, and whether its prototype is still Object's. */
async function parsed(payload: string): Promise<{ keys: string[]; plainProto: boolean; body: unknown }> {
  app = Fastify();
  installJsonBody(app);
  app.post('/t', (req) => {
    const b = req.body as Record<string, unknown>;
    return { keys: Object.keys(b), plainProto: Object.getPrototypeOf(b) === Object.prototype, body: b };
  });
  const r = await app.inject({ method: 'POST', url: '/t', headers: { 'content-type': 'application/json' }, payload });
  return r.json();
}

describe('[PERF-89] JSON bodies: the reviver only where a key it drops can be', () => {
  it('[PERF-89] an order body parses to the same value', async () => {
    const order = { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '61234.12', amount: '0.0001', n: [1, 2] };
    const r = await parsed(JSON.stringify(order));
    expect(r.body).toEqual(order);
    expect(r.plainProto).toBe(true);
  });

  it('[PERF-89] __proto__ is dropped, spelt out or escaped, at any depth', async () => {
    for (const payload of [
      '{"name":"Ann","__proto__":{"admin":true}}',
      '{"name":"Ann","\\u005f_proto__":{"admin":true}}',
      '{"name":"Ann","\\u005F\\u005Fproto\\u005F\\u005F":{"admin":true}}',
    ]) {
      const r = await parsed(payload);
      expect(r.keys).toEqual(['name']);
      expect(r.plainProto).toBe(true);
    }
    const deep = await parsed('{"a":{"b":{"\\u005f_proto__":{"admin":true},"c":1}}}');
    expect(deep.body).toEqual({ a: { b: { c: 1 } } });
  });

  it('[PERF-89] a constructor with a prototype is dropped, spelt out or escaped; another constructor stays', async () => {
    expect((await parsed('{"name":"Ann","constructor":{"prototype":{"admin":true}}}')).keys).toEqual(['name']);
    expect((await parsed('{"name":"Ann","\\u0063onstructor":{"prototype":{"admin":true}}}')).keys).toEqual(['name']);
    expect((await parsed('{"name":"Ann","constructor":"x"}')).body).toEqual({ name: 'Ann', constructor: 'x' });
  });
});
