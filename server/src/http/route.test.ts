import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../../src/shared/api/endpoint';
import { collectRoutes, installErrorHandler, installNotFound } from './errors';
import { ApiFail } from './failures';
import { installJsonBody } from './jsonBody';
import { logPath } from './observe';
import { Router } from './route';

const echo = defineEndpoint({
  method: 'POST',
  path: '/api/test/echo',
  summary: 'echo',
  query: z.object({ n: z.coerce.number().int().min(1) }),
  body: z.object({ name: z.string().min(2) }),
  data: z.object({ n: z.number(), name: z.string() }),
});
const secret = defineEndpoint({
  method: 'GET',
  path: '/api/test/secret',
  summary: 'secret',
  auth: true,
  data: z.object({ id: z.number() }),
});
const broken = defineEndpoint({
  method: 'GET',
  path: '/api/test/broken',
  summary: 'broken',
  data: z.object({ ok: z.literal(true) }),
});
const business = defineEndpoint({ method: 'GET', path: '/api/test/business', summary: 'business', data: z.null() });
const crash = defineEndpoint({ method: 'GET', path: '/api/test/crash', summary: 'crash', data: z.null() });

let app: FastifyInstance;
async function build(): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  const routes = collectRoutes(app);
  installErrorHandler(app);
  installNotFound(app, routes, { spaFallback: false });
  installJsonBody(app);
  const r = new Router(app, {
    validateReplies: true,
    loadUser: (t) => (t === 'good' ? { id: 7 } : undefined),
  });
  r.route(echo, ({ query, body }) => ({ n: query.n, name: body.name }), { validateReplies: true });
  r.route(secret, ({ user }) => ({ id: user.id }), { validateReplies: true });
  r.route(broken, () => ({ ok: false }) as never, { validateReplies: true });
  r.route(business, () => {
    throw new ApiFail('Balance too low');
  });
  r.route(crash, () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}
afterEach(async () => {
  await app?.close();
});

describe('route(): the envelope of spec 5 and 8', () => {
  it('[spec 5] success is HTTP 200, code 200, data', async () => {
    await build();
    const r = await app.inject({ method: 'POST', url: '/api/test/echo?n=3', payload: { name: 'Ann' } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 200, msg: 'success', data: { n: 3, name: 'Ann' } });
  });

  it('[spec 5] a query validation error is HTTP 200, code 0 and a msg naming the field', async () => {
    await build();
    const r = await app.inject({ method: 'POST', url: '/api/test/echo?n=zero', payload: { name: 'Ann' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().code).toBe(0);
    expect(r.json().msg).toMatch(/^Invalid query: n: /);
  });

  it('[spec 5] a body validation error names the body field', async () => {
    await build();
    const r = await app.inject({ method: 'POST', url: '/api/test/echo?n=1', payload: { name: 'A' } });
    expect(r.json()).toMatchObject({ code: 0 });
    expect(r.json().msg).toMatch(/^Invalid body: name: /);
  });

  it('[spec 5] a malformed JSON body is code 0 with a readable msg, not a crash', async () => {
    await build();
    const r = await app.inject({
      method: 'POST',
      url: '/api/test/echo?n=1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 0, msg: 'The request body is not valid JSON', data: null });
  });

  it('[spec 7] a POST with a JSON content type and no body is a call without body, not an error', async () => {
    await build();
    const r = await app.inject({
      method: 'GET',
      url: '/api/test/business',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.json().msg).toBe('Balance too low');
    const p = await app.inject({
      method: 'POST',
      url: '/api/test/echo?n=1',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(p.statusCode).toBe(200);
    expect(p.json().msg).toMatch(/^Invalid body: name: /);
  });

  it('[h1] prototype-poisoning keys in a body are dropped', async () => {
    await build();
    const r = await app.inject({
      method: 'POST',
      url: '/api/test/echo?n=1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Ann","__proto__":{"admin":true}}',
    });
    expect(r.json()).toEqual({ code: 200, msg: 'success', data: { n: 1, name: 'Ann' } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('[spec 8] a business error is HTTP 200 with code 0 and the msg', async () => {
    await build();
    const r = await app.inject({ method: 'GET', url: '/api/test/business' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 0, msg: 'Balance too low', data: null });
  });

  it('[spec 8] an auth endpoint without token answers code 500 with a msg containing Token', async () => {
    await build();
    const none = await app.inject({ method: 'GET', url: '/api/test/secret' });
    expect(none.json().code).toBe(500);
    expect(none.json().msg).toContain('Token');
    const bad = await app.inject({ method: 'GET', url: '/api/test/secret', headers: { satoken: 'bad' } });
    expect(bad.json().code).toBe(500);
    const good = await app.inject({ method: 'GET', url: '/api/test/secret', headers: { satoken: 'good' } });
    expect(good.json()).toEqual({ code: 200, msg: 'success', data: { id: 7 } });
  });

  it('[spec 8] errors named AccountError / TokenError from the accounts part map to code 0 / 500', async () => {
    await build();
    // The accounts part now throws the one failure pair: ApiFail (business) and TokenFail (session).
    const { envelopeOfFailure, TokenFail } = await import('./failures');
    const a = new ApiFail('Wrong password');
    const t = new TokenFail('Token expired');
    expect(envelopeOfFailure(a)).toEqual({ code: 0, msg: 'Wrong password', data: null });
    expect(envelopeOfFailure(t)).toEqual({ code: 500, msg: 'Token expired', data: null });
    expect(envelopeOfFailure(new Error('x'))).toBeUndefined();
  });

  it('[h1] a reply that does not match its schema is never sent as valid: HTTP 500 envelope', async () => {
    await build();
    const r = await app.inject({ method: 'GET', url: '/api/test/broken' });
    expect(r.statusCode).toBe(500);
    expect(r.json().code).toBe(0);
    expect(r.json().msg).toContain('does not match its schema');
  });

  it('[h1] an unexpected exception is an HTTP 500 JSON envelope', async () => {
    await build();
    const r = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(r.statusCode).toBe(500);
    expect(r.headers['content-type']).toContain('application/json');
    expect(r.json()).toEqual({ code: 0, msg: 'Internal server error', data: null });
  });

  it('[SRV-3] an unknown route is a 404 JSON envelope, a wrong method a 405 naming the allowed one', async () => {
    await build();
    const r = await app.inject({ method: 'GET', url: '/api/x', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toContain('application/json');
    expect(r.json()).toEqual({ code: 0, msg: 'No such API: GET /api/x', data: null });
    const m = await app.inject({ method: 'GET', url: '/api/test/echo?n=1' });
    expect(m.statusCode).toBe(405);
    expect(m.headers.allow).toBe('POST');
    expect(m.json().msg).toBe('Method GET not allowed for /api/test/echo; use POST');
  });
});

describe('[h1] logs', () => {
  it('request logs keep the path and drop the query string (passwords travel in queries, spec 7.1)', () => {
    expect(logPath('/api/user/updatePwd?oldPwd=Secret1&newPwd=Secret2')).toBe('/api/user/updatePwd');
    expect(logPath('/x'.repeat(300)).length).toBe(200);
  });
});
