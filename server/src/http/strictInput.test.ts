/**
 * Strict input on every endpoint of the registry (SAFE-18, SAFE-19, SAFE-20), on a running server: the fields are
 * found by walking each endpoint's zod query and body, so a new endpoint is covered without editing this file.
 * For each integer, enumeration and amount field the test sends what the rule refuses (`0x10`, `1e1`, `NaN`,
 * `" 10"`, a numeric string in a body, a value outside a list, a JSON-number amount, `1e0`), with every other
 * field valid, and expects a refusal naming the field and no change to the database. An integer or amount field
 * built without src/shared/schemas/strict.ts fails the test (the "one place"), and the OpenAPI document must
 * state what the strict builders accept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api } from '../../../src/shared/api/registry';
import type { Endpoint } from '../../../src/shared/api/endpoint';
import { userApi } from '../../../src/shared/api/user';
import { MSG_AMOUNT_AS_STRING } from '../../../src/shared/amount';
import { MSG_BODY_INT_STRING, MSG_QUERY_INT, strictMetaOf, type StrictKind } from '../../../src/shared/schemas/strict';
import { startTestServer, type TestServer } from '../testing/harness';
import { buildOpenApi } from '../ops/openapi';

type Where = 'query' | 'body';
type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType): Def => s._zod.def as unknown as Def;

/** Names of fields that carry money, prices or sizes: they must be strict amounts. */
const AMOUNT_NAMES =
  /^(amount|price|money|shares|strike|quantity|ratio|maxTotal|stopLoss|takeProfit|shareRate|minFiat|maxFiat)$/;

/** The object of an endpoint's query or body, through its wrappers (optional, default, a transform after it). */
function objectOf(s: z.ZodType): Record<string, z.ZodType> | undefined {
  const d = defOf(s);
  if (d.type === 'object') return (s as z.ZodObject).shape as Record<string, z.ZodType>;
  if (d.type === 'optional' || d.type === 'default' || d.type === 'nullable') return objectOf(d.innerType!);
  if (d.type === 'pipe') return objectOf(d.in!);
  return undefined;
}

interface Field {
  endpoint: string;
  e: Endpoint;
  where: Where;
  name: string;
  schema: z.ZodType;
  kind: StrictKind | 'zodEnum';
  /** The bad value sits in an array (ids: [..]). */
  inArray: boolean;
  enumValues?: string[];
}

/** The field's core: wrappers removed; undefined kind when it is neither integer, enumeration nor amount. */
function classify(
  name: string,
  s: z.ZodType,
  inArray = false,
): { kind: Field['kind']; inArray: boolean; values?: string[] } | { loose: string } | undefined {
  const meta = strictMetaOf(s);
  if (meta) return { kind: meta.kind, inArray };
  const d = defOf(s);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return classify(name, d.innerType!, inArray);
    case 'array':
      return classify(name, d.element!, true);
    case 'pipe':
      return classify(name, d.in!, inArray);
    case 'enum':
      return { kind: 'zodEnum', inArray, values: (s as z.ZodEnum).options.map(String) };
    case 'union': {
      const parts = d.options!.map((o) => classify(name, o, inArray));
      const loose = parts.find((p) => p && 'loose' in p);
      if (loose) return loose;
      const en = parts.find((p) => p && 'kind' in p && p.kind !== 'amount');
      return en;
    }
    case 'number':
    case 'bigint':
    case 'int':
      return { loose: `${name}: a ${d.type} not built with queryInt/bodyInt` };
    case 'string':
      if (AMOUNT_NAMES.test(name)) return { loose: `${name}: an amount not built with amountStr` };
      return undefined;
    default:
      return undefined;
  }
}

function walk(): { fields: Field[]; loose: string[] } {
  const fields: Field[] = [];
  const loose: string[] = [];
  for (const [endpoint, e] of Object.entries(api) as Array<[string, Endpoint]>) {
    for (const where of ['query', 'body'] as const) {
      const s = e[where] as z.ZodType | undefined;
      if (!s) continue;
      const shape = objectOf(s);
      if (!shape) {
        loose.push(`${endpoint} ${where}: not an object`);
        continue;
      }
      for (const [name, schema] of Object.entries(shape)) {
        const c = classify(name, schema);
        if (!c) continue;
        if ('loose' in c) loose.push(`${endpoint} ${where} ${c.loose}`);
        else fields.push({ endpoint, e, where, name, schema, kind: c.kind, inArray: c.inArray, enumValues: c.values });
      }
    }
  }
  return { fields, loose };
}

/** Candidates for a valid value of a field: the first its own schema accepts is used. */
const CANDIDATES: unknown[] = [
  '1',
  1,
  'btcusdt',
  'USDT',
  'USDT-TRC20',
  'buy',
  'a@example.com',
  '+4915123456789',
  '123456',
  'Passw0rd1',
  'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  'abcdefgh12',
  'ab',
  [1],
  ['bank'],
  true,
];

function validValue(e: Endpoint, where: Where, name: string, schema: z.ZodType): unknown {
  const text = where === 'query';
  for (const c of CANDIDATES) {
    if (text && typeof c !== 'string') continue;
    if (schema.safeParse(c).success) return c;
  }
  return undefined;
}

function baseline(f: Field): Record<string, unknown> {
  const shape = objectOf(f.e[f.where] as z.ZodType)!;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    if (name === f.name) continue;
    if (schema.safeParse(undefined).success) continue;
    const v = validValue(f.e, f.where, name, schema);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** What each kind must refuse, and a piece of the message. */
function badInputs(f: Field): Array<{ value: unknown; says: string }> {
  const fieldName = f.name;
  if (f.kind === 'queryInt' || (f.kind === 'bodyInt' && f.where === 'query'))
    return ['0x10', '1e1', 'NaN', ' 10', '10.0', '', '+1'].map((value) => ({ value, says: MSG_QUERY_INT }));
  if (f.kind === 'bodyInt')
    return [
      { value: '10', says: MSG_BODY_INT_STRING },
      { value: '0x10', says: MSG_BODY_INT_STRING },
      { value: '1e1', says: MSG_BODY_INT_STRING },
      { value: 'NaN', says: MSG_BODY_INT_STRING },
      { value: ' 10', says: MSG_BODY_INT_STRING },
      { value: 1.5, says: fieldName },
    ];
  if (f.kind === 'amount') {
    const bad: Array<{ value: unknown; says: string }> = [
      { value: '1e0', says: 'without an exponent' },
      { value: ' 1', says: 'spaces' },
      { value: '-1', says: 'positive' },
      { value: '0x10', says: fieldName },
    ];
    if (f.where === 'body')
      bad.push(
        { value: 1, says: MSG_AMOUNT_AS_STRING },
        { value: Number('0.99999999999999999'), says: MSG_AMOUNT_AS_STRING },
      );
    return bad;
  }
  // enumerations: a value outside the list; the message lists the values.
  const first = f.enumValues?.[0] ?? '';
  return [
    { value: 'NaN', says: first },
    { value: `${first} `, says: first },
  ];
}

let h: TestServer;
let token: string;
const { fields, loose } = walk();

beforeAll(async () => {
  h = await startTestServer({ clock: 'manual', env: { RATE_LIMIT_MAX: '10000000' } });
  token = await h.signUp('strict@example.com');
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const changes = () => (h.acc.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

describe('[SAFE-18] [SAFE-19] [SAFE-20] strict input on every endpoint of the registry', () => {
  it('[SAFE-18] [SAFE-20] every integer and amount field of a query or body is built by src/shared/schemas/strict.ts', () => {
    expect(loose).toEqual([]);
    // The walk finds the fields the issue named, so it is looking at the right things.
    const names = fields.map((f) => `${f.endpoint}.${f.where}.${f.name}:${f.kind}`);
    for (const n of [
      'submitFuturesOrder.body.leverage:bodyInt',
      'createSecondOrder.body.periodId:bodyInt',
      'optionQuote.body.expiry:bodyInt',
      'financeRedeem.body.holdingId:bodyInt',
      'kline.query.limit:queryInt',
      'transferFunds.body.amount:amount',
      'withdrawSubmit.query.amount:amount',
      'messageRead.body.ids:bodyInt',
      'updatePwd.query.signType:enum',
    ])
      expect(names).toContain(n);
  });

  it('[SAFE-18] [SAFE-19] [SAFE-20] every strict field refuses what the rule refuses, naming the field, and nothing is applied', async () => {
    expect(fields.length).toBeGreaterThan(80);
    const failures: string[] = [];
    for (const f of fields) {
      const base = baseline(f);
      for (const { value, says } of badInputs(f)) {
        const sent = f.inArray ? [value] : value;
        const input = { ...base, [f.name]: sent };
        const before = changes();
        const r = await h.call(f.e, { token, [f.where]: input });
        const what = `${f.endpoint} ${f.where} ${f.name}=${JSON.stringify(sent)}`;
        if (r.code === 200) failures.push(`${what}: accepted`);
        else if (!r.msg.includes(`${f.name}`) || !r.msg.includes(says))
          failures.push(`${what}: message "${r.msg}" should name ${f.name} and say "${says}"`);
        if (changes() !== before) failures.push(`${what}: the database changed`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('[SAFE-20] the OpenAPI document states what the strict builders accept (one place for the server and the document)', () => {
    type Op = {
      parameters?: Array<{ name: string; schema: object }>;
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, object> } }> };
    };
    const doc = buildOpenApi(new Map()) as { paths: Record<string, Record<string, Op>> };
    const problems: string[] = [];
    for (const f of fields) {
      if (f.kind === 'zodEnum' || f.inArray) continue;
      const op = doc.paths[f.e.path][f.e.method.toLowerCase()];
      let stated =
        f.where === 'query'
          ? op.parameters?.find((p) => p.name === f.name)?.schema
          : op.requestBody?.content['application/json'].schema.properties?.[f.name];
      const meta = strictMetaOf(unwrapToStrict(f.schema));
      // A nullable field is stated as anyOf [the field, null].
      const anyOf = (stated as { anyOf?: object[] } | undefined)?.anyOf;
      if (anyOf) stated = anyOf.find((a) => (a as { type?: string }).type !== 'null');
      if (!stated || !meta) problems.push(`${f.endpoint} ${f.name}: not stated`);
      else if (JSON.stringify({ ...stated, ...meta.json }) !== JSON.stringify(stated))
        problems.push(`${f.endpoint} ${f.name}: ${JSON.stringify(stated)} is not ${JSON.stringify(meta.json)}`);
    }
    expect(problems).toEqual([]);
  });

  it('[SAFE-19] updateWithdrawAddress takes only a withdraw channel the settings list: type=NaN is refused and not stored', async () => {
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const bad = await h.call(userApi.updateWithdrawAddress, { token, query: { type: 'NaN', address } });
    expect(bad.code).not.toBe(200);
    expect(bad.msg).toContain('type: must be one of: USDT-ERC20, USDT-TRC20');
    expect((await h.call(userApi.withdrawAddress, { token })).data).toEqual([]);
    const good = await h.call(userApi.updateWithdrawAddress, { token, query: { type: 'usdt-trc20', address } });
    expect(good.code).toBe(200);
    const list = (await h.call(userApi.withdrawAddress, { token })).data as Array<{ type: string }>;
    expect(list.map((a) => a.type)).toEqual(['USDT-TRC20']);
  });
});

function unwrapToStrict(s: z.ZodType): z.ZodType {
  if (strictMetaOf(s)) return s;
  const d = defOf(s);
  if (d.innerType) return unwrapToStrict(d.innerType);
  return s;
}
