/**
 * Inputs for every call of the registry, derived from its own input schema (CONF-3): the required fields with a
 * value that fits (a field named like a pair gets the pair the backend listed, an enumeration its first value,
 * an integer its minimum), the ids of objects other calls listed (`NEEDS`), and one bad input per call that
 * takes input (a required field left out, else an enumeration or integer given text that is none).
 */
import { z } from 'zod';
import type { Endpoint } from '../../src/shared/api/endpoint';
import { overrideStrictJson } from '../../src/shared/schemas/strict';

type Json = Record<string, unknown>;
export type Input = Record<string, unknown>;

/** What the suite learnt from the backend before calling the rest. */
export interface Known {
  spot: string;
  futures?: string;
  option?: string;
  /** The coin of the spot pair (BTC for btcusdt) and its quote coin. */
  base: string;
  quote: string;
  /** Replies of the calls made so far (registry key -> data), for the ids other calls ask about. */
  replies: Map<string, unknown>;
}

export function inputSchema(e: Endpoint): { schema: z.ZodTypeAny; where: 'query' | 'body' } | undefined {
  if (e.query) return { schema: e.query, where: 'query' };
  if (e.body) return { schema: e.body, where: 'body' };
  return undefined;
}

export function jsonInput(schema: z.ZodTypeAny): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: overrideStrictJson }) as Json;
}

const props = (j: Json) => (j.properties ?? {}) as Record<string, Json>;
const required = (j: Json) => new Set((j.required ?? []) as string[]);

function typeOf(p: Json): string | undefined {
  if (typeof p.type === 'string') return p.type;
  const alt = (p.anyOf ?? p.oneOf) as Json[] | undefined;
  return alt?.map(typeOf).find((t) => t && t !== 'null');
}

/** Texts tried, in order, on a text field the name does not settle: the first its own schema accepts is sent. */
const TEXT_CANDIDATES = [
  '1',
  '123456',
  'conformance@example.com',
  'Conformance-Passw0rd-1',
  '+14155550100',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  'conformance',
];

/** The zod shape of an object schema, through the wrappers a schema may have (pipe, refinements, defaults). */
function shapeOf(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | undefined {
  let s: unknown = schema;
  for (let i = 0; i < 8 && s; i++) {
    const o = s as { shape?: Record<string, z.ZodTypeAny>; _zod?: { def?: Record<string, unknown> } };
    if (o.shape) return o.shape;
    const def = o._zod?.def;
    s = def?.in ?? def?.innerType ?? def?.schema;
  }
  return undefined;
}

/** A value for one field by its name and schema; `query` values are text, as in a URL. */
function sampleValue(name: string, p: Json, area: string, k: Known, field?: z.ZodTypeAny): unknown {
  const enumOf =
    (p.enum as unknown[] | undefined) ?? ((p.anyOf as Json[] | undefined)?.find((a) => a.enum)?.enum as unknown[]);
  if (name === 'symbol')
    return area === 'futures' ? (k.futures ?? k.spot) : area === 'options' ? (k.option ?? k.spot) : k.spot;
  if (enumOf?.length) return enumOf.find((v) => v !== '') ?? enumOf[0];
  if (name === 'coin') return k.base;
  if (name === 'currency') return `${k.base},${k.quote}`;
  if (name === 'key') return 'ABOUT';
  const t = typeOf(p);
  if (t === 'integer' || t === 'number') return typeof p.minimum === 'number' ? Math.max(p.minimum, 1) : 1;
  if (t === 'boolean') return false;
  if (t === 'array') {
    const item = (p.items ?? {}) as Json;
    const first = (item.enum as unknown[] | undefined)?.[0];
    return typeof p.minItems === 'number' && p.minItems > 0 && first !== undefined ? [first] : [];
  }
  return TEXT_CANDIDATES.find((c) => field?.safeParse(c).success) ?? 'x';
}

/** The ids of objects that other calls list: the call is skipped, with this reason, when there is none. */
type Need = (k: Known) => Input | string;
const firstRow = (k: Known, key: string): Record<string, unknown> | undefined => {
  const d = k.replies.get(key) as { rows?: unknown[] } | unknown[] | undefined;
  const rows = Array.isArray(d) ? d : d?.rows;
  return rows?.[0] as Record<string, unknown> | undefined;
};
export const NEEDS: Partial<Record<string, Need>> = {
  financeProduct: (k) => {
    const p = firstRow(k, 'financeProducts');
    return p ? { id: String(p.id) } : 'the backend lists no finance product to ask about';
  },
  followTrader: (k) => {
    const t = firstRow(k, 'followTraders');
    return t ? { id: String(t.traderId) } : 'the backend lists no lead trader to ask about';
  },
  messageDetail: (k) => {
    const m = firstRow(k, 'messageList');
    return m ? { id: String(m.id) } : 'the account has no message to read';
  },
  flowOrder: (k) => {
    const o = firstRow(k, 'flowOrders');
    return o ? { id: String(o.id) } : 'the account has no flow order to ask about';
  },
  traderDashboard: (k) => {
    const p = k.replies.get('traderProgramme') as { isTrader?: boolean } | undefined;
    return p?.isTrader ? {} : 'the account is not a lead trader (traderProgramme says so)';
  },
  spotOrderByClientId: (k) => {
    const placed = k.replies.get('submitSpotOrder') as { clientOrderId?: string } | undefined;
    return placed?.clientOrderId
      ? { clientOrderId: placed.clientOrderId }
      : 'no order of this run to look up by clientOrderId (full mode places one)';
  },
};

/** Where the fields must agree with each other (an object-level rule of the schema): the values to send. */
export const AGREE: Record<string, Input> = {
  transferFunds: { fromAccount: 'platform', toAccount: 'finance' },
  messageRead: { all: true },
};

/**
 * The valid input of a call (required fields only), or why it cannot be made. `shapeOnly`: an input of the
 * right shape even where no object is known to ask about (a dead token is checked with it).
 */
export function sampleInput(
  key: string,
  e: Endpoint,
  area: string,
  k: Known,
  shapeOnly = false,
): Input | string | undefined {
  const need = NEEDS[key];
  if (need && !shapeOnly) return need(k);
  const s = inputSchema(e);
  if (!s) return need ? {} : undefined;
  const j = jsonInput(s.schema);
  const req = required(j);
  const shape = shapeOf(s.schema);
  const out: Input = {};
  for (const [name, p] of Object.entries(props(j))) {
    if (!req.has(name)) continue;
    const v = sampleValue(name, p, area, k, shape?.[name]);
    out[name] = s.where === 'query' ? String(v) : v;
  }
  return { ...out, ...AGREE[key] };
}

/** One input the contract refuses, with what was changed; undefined when the call takes no input. */
export function badInput(e: Endpoint, valid: Input): { input: Input; change: string } | undefined {
  const s = inputSchema(e);
  if (!s) return undefined;
  const j = jsonInput(s.schema);
  const req = [...required(j)];
  if (req.length) {
    const input = { ...valid };
    delete input[req[0]];
    return { input, change: `required field "${req[0]}" left out` };
  }
  for (const [name, p] of Object.entries(props(j))) {
    const enumOf = p.enum as unknown[] | undefined;
    const t = typeOf(p);
    if (enumOf?.length || t === 'integer')
      return { input: { ...valid, [name]: 'not-a-value' }, change: `"${name}" given "not-a-value"` };
  }
  return undefined;
}

/** The paging fields of a call (`pageNum` and `pageSize` with its maximum), when it pages. */
export function paging(e: Endpoint): { where: 'query' | 'body'; max?: number } | undefined {
  const s = inputSchema(e);
  if (!s) return undefined;
  const p = props(jsonInput(s.schema));
  if (!p.pageNum || !p.pageSize) return undefined;
  const max = typeof p.pageSize.maximum === 'number' ? p.pageSize.maximum : undefined;
  return { where: s.where, max };
}

/** A `limit` field (candles, trades, depth levels, marks), with its maximum. */
export function limitField(e: Endpoint): { max?: number } | undefined {
  const s = inputSchema(e);
  if (!s || s.where !== 'query') return undefined;
  const p = props(jsonInput(s.schema)).limit;
  if (!p) return undefined;
  return { max: typeof p.maximum === 'number' ? p.maximum : undefined };
}
