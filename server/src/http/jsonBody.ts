/**
 * JSON bodies. Replaces Fastify's parser for one reason: the app sends `content-type: application/json` on
 * every call, also on POSTs that have no body (getMt5Amount takes only a query), and an empty body must
 * mean "no body", not an error. Malformed JSON is still refused with a readable message (errors.ts), and
 * prototype-poisoning keys are dropped.
 */
import type { FastifyInstance } from 'fastify';

function reviver(key: string, value: unknown): unknown {
  if (key === '__proto__') return undefined;
  if (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value) return undefined;
  return value;
}

export function installJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, reviver));
    } catch {
      const err = new Error('The request body is not valid JSON') as Error & { statusCode: number; code: string };
      err.statusCode = 400;
      err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(err, undefined);
    }
  });
}
