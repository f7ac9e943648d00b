/**
 * The contract as OpenAPI 3.1 (SRV-7), generated from the endpoints of src/shared/api/registry.ts with
 * zod's JSON Schema output, plus every other route the server has registered (collected with an onRoute
 * hook: health, metrics, socket, test switches), so the document lists everything the server serves.
 */
import { z } from 'zod';
import { api } from '../../../src/shared/api/registry';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { overrideStrictJson } from '../../../src/shared/schemas/strict';
import type { RouteTable } from '../http/errors';
import { CONTRACT_VERSION } from '../../../src/shared/contractVersion';

type Json = Record<string, unknown>;

export const OPENAPI_PATH = '/api/openapi.json';

/** Extra, non-envelope routes documented by hand. */
const EXTRAS: Record<string, { summary: string; description?: string; content: Json }> = {
  'GET /healthz': {
    summary: 'Liveness: {status: "ok", uptime, db: "ok"}',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { status: { type: 'string' }, uptime: { type: 'number' }, db: { type: 'string' } },
          required: ['status', 'uptime', 'db'],
        },
      },
    },
  },
  'GET /metrics': {
    summary:
      'Prometheus text-format metrics; needs Authorization: Bearer METRICS_TOKEN, or without that variable a client on this machine (SAFE-14)',
    content: { 'text/plain': { schema: { type: 'string' } } },
  },
  'GET /ws/{id}': {
    summary:
      'The live socket of spec 7.5 (WebSocket upgrade; protocol in src/shared/protocol.ts and README "Socket protocol")',
    content: {},
  },
  'GET /api/openapi.json': {
    summary: 'This document',
    content: { 'application/json': { schema: { type: 'object' } } },
  },
};

function jsonSchema(schema: z.ZodTypeAny, io: 'input' | 'output'): Json {
  // Strict inputs (SAFE-18..20) state their own schema: the one place the server's parsing is described.
  const s = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: io === 'input' ? overrideStrictJson : undefined,
  }) as Json;
  delete s.$schema;
  return s;
}

function envelopeSchema(data: Json): Json {
  return {
    type: 'object',
    properties: {
      code: {
        type: 'integer',
        description: '200 on success; not above 0 on a business error; 500 when the session token is invalid',
      },
      msg: { type: 'string' },
      data: { anyOf: [data, { type: 'null' }] },
    },
    required: ['code', 'msg'],
  };
}

const FAILURE = {
  description: 'Envelope with code not above 0 (business error) or 500 (invalid token)',
  content: { 'application/json': { schema: envelopeSchema({}) } },
};

function operation(key: string, e: Endpoint): Json {
  const op: Json = { operationId: key, summary: e.summary, tags: [e.path.split('/')[2] ?? 'api'] };
  if (e.query) {
    const q = jsonSchema(e.query, 'input');
    const props = (q.properties ?? {}) as Record<string, Json>;
    const required = new Set((q.required ?? []) as string[]);
    op.parameters = Object.entries(props).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
    }));
  }
  if (e.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } };
  } else if (e.multipart) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    };
  }
  if (e.auth) op.security = [{ satoken: [] }];
  op.responses = {
    '200': {
      description: 'Envelope {code, msg, data}; data as below on success (code 200)',
      content: { 'application/json': { schema: envelopeSchema(jsonSchema(e.data, 'output')) } },
    },
    default: FAILURE,
  };
  return op;
}

/** "/ws/:id" -> "/ws/{id}"; wildcard routes (static files) are not API routes and are left out. */
export function toOpenApiPath(url: string): string | undefined {
  if (url.includes('*')) return undefined;
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function buildOpenApi(routes: RouteTable, version: string = CONTRACT_VERSION): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const put = (path: string, method: string, op: Json) => {
    (paths[path] ??= {})[method.toLowerCase()] = op;
  };
  const documented = new Set<string>();
  for (const [key, e] of Object.entries(api) as Array<[string, Endpoint]>) {
    put(e.path, e.method, operation(key, e));
    documented.add(`${e.method} ${e.path}`);
  }
  for (const [url, methods] of routes) {
    const path = toOpenApiPath(url);
    if (!path) continue;
    for (const m of methods) {
      if (m === 'HEAD' || documented.has(`${m} ${path}`)) continue;
      const extra = EXTRAS[`${m} ${path}`];
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((x) => ({
        name: x[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      }));
      const op: Json = {
        operationId: `${m.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_s, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        summary:
          extra?.summary ??
          (path.startsWith('/api/_test/')
            ? 'Test switch (only with TEST_SWITCHES=1, never in production)'
            : `${m} ${path}`),
        tags: [path.startsWith('/api/') ? (path.split('/')[2] ?? 'api') : 'operations'],
        responses: {
          [path.startsWith('/ws/') ? '101' : '200']: {
            description: extra?.summary ?? 'Reply',
            content: extra?.content ?? { 'application/json': { schema: envelopeSchema({}) } },
          },
        },
      };
      if (params.length) op.parameters = params;
      put(path, m, op);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'OpenEx reference exchange',
      version,
      description:
        'Every reply is the envelope {code, msg, data} (spec 5, 8). Generated from the zod schemas in src/shared/api.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { satoken: { type: 'apiKey', in: 'header', name: 'satoken' } } },
    paths,
  };
}
