/**
 * The one place inputs are made strict (SAFE-18, SAFE-19, SAFE-20): every integer, enumeration and amount of
 * a query or a body in src/shared is built here, so the server (server/src/http/route.ts parses with these
 * schemas) and the OpenAPI document (server/src/ops/openapi.ts asks `strictJsonSchema`) say the same thing.
 *
 * - `queryInt(z.number().int()...)`: a query value is text; only the digits of a decimal integer
 *   (`^(0|-?[1-9][0-9]*)$`, one text per number: no `-0`, no leading zeros) are accepted, then the number's own limits and messages apply. No `0x10`, `1e1`,
 *   `" 10"`, `NaN`, `10.0`, empty. Outside the safe-integer range is refused by `.int()`.
 * - `bodyInt(z.number().int()...)`: a JSON integer; a numeric string is refused with a message to send a number.
 * - `oneOf([...])`: only the listed values; the message lists them.
 * - `amountStr({ field })`: a JSON string checked on its text (digits, optional point and decimals; no sign,
 *   exponent or spaces: `checkAmountText` of ../amount.ts); a JSON number is refused with `MSG_AMOUNT_AS_STRING`.
 *
 * Each builder registers its schema in `strictInputs`, so a test (server/src/http/strictInput.test.ts) can find
 * every strict field of every endpoint and refuse an integer or amount built any other way.
 */
import './zodSetup';
import { z } from 'zod';
import { AMOUNT_TEXT_RE, MAX_INTEGER_DIGITS, MSG_AMOUNT_AS_STRING, checkAmountText } from '../amount';

export type StrictKind = 'queryInt' | 'bodyInt' | 'enum' | 'amount';

export interface StrictMeta {
  kind: StrictKind;
  /** The JSON Schema of the field's input, as OpenAPI states it. */
  json: Record<string, unknown>;
}

/** Every schema built here, with its kind (read by the OpenAPI generator and the endpoint walk). */
export const strictInputs = z.registry<StrictMeta>();

/** The text of a decimal integer: an optional minus, no leading zeros, no sign +, no spaces, no "-0". */
export const INTEGER_TEXT_RE = /^(0|-?[1-9][0-9]*)$/;

export const MSG_QUERY_INT = 'expected the digits of a whole number, e.g. 10 (no spaces, 0x, exponent or point)';
export const MSG_BODY_INT_STRING = 'send a number, not a string: e.g. 10, not "10"';
export const MSG_BODY_INT = 'expected a whole number, e.g. 10';

function numberJson(n: z.ZodNumber): Record<string, unknown> {
  const j = z.toJSONSchema(n, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete j.$schema;
  return j;
}

function requireInt(n: z.ZodNumber, who: string): void {
  if (!n.isInt) throw new Error(`${who} takes z.number().int() (with its limits)`);
}

/**
 * A query integer: the digits of a decimal integer, then `n` (a `z.number().int()` with the field's limits and
 * messages). OpenAPI: `type: integer` with `n`'s limits and the pattern of the text accepted.
 */
export function queryInt(n: z.ZodNumber) {
  requireInt(n, 'queryInt');
  const s = z
    .string({ error: MSG_QUERY_INT })
    .regex(INTEGER_TEXT_RE, MSG_QUERY_INT)
    .transform((t) => Number(t))
    .pipe(n);
  strictInputs.add(s, { kind: 'queryInt', json: { ...numberJson(n), pattern: INTEGER_TEXT_RE.source } });
  return s;
}

/** A body integer: a JSON integer only (a numeric string is refused), then `n`'s limits and messages. */
export function bodyInt(n: z.ZodNumber) {
  requireInt(n, 'bodyInt');
  const s = z.number({ error: (iss) => (typeof iss.input === 'string' ? MSG_BODY_INT_STRING : MSG_BODY_INT) }).pipe(n);
  strictInputs.add(s, { kind: 'bodyInt', json: numberJson(n) });
  return s;
}

/** An enumeration (query or body): only the listed values; the message lists them. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const s = z.enum(values, { error: () => `must be one of: ${values.map((v) => v || '""').join(', ')}` });
  strictInputs.add(s, { kind: 'enum', json: { type: 'string', enum: [...values] } });
  return s;
}

export interface AmountOptions {
  /** Names the field in messages ("Price must be positive"); default "Amount". */
  field?: string;
  /** Message for an empty string; default "<field> is required". */
  required?: string;
}

/**
 * A decimal amount (query or body): a JSON string, checked on its text (`checkAmountText`); a JSON number is
 * refused with MSG_AMOUNT_AS_STRING. The coin's decimals and "greater than zero" are the service's
 * (`checkAmount`), which knows the coin. Output: the text as sent.
 */
export function amountStr(o: AmountOptions = {}) {
  const field = o.field ?? 'Amount';
  const s = z
    .string({
      error: (iss) => (typeof iss.input === 'number' ? MSG_AMOUNT_AS_STRING : `${field} must be a decimal string`),
    })
    .superRefine((text, ctx) => {
      const msg = text.length === 0 && o.required ? o.required : checkAmountText(text, field);
      if (msg) ctx.addIssue({ code: 'custom', message: msg });
    });
  strictInputs.add(s, {
    kind: 'amount',
    json: { type: 'string', pattern: AMOUNT_TEXT_RE.source, maxLength: MAX_INTEGER_DIGITS + 1 + 40 },
  });
  return s;
}

/** The strict builder's meta of a schema, or undefined when it was not built here. */
export function strictMetaOf(schema: unknown): StrictMeta | undefined {
  return strictInputs.get(schema as z.ZodType);
}

/**
 * For zod's toJSONSchema `override`: a strict field states its own input schema (keys other than the type's own,
 * e.g. `default` or `description`, are kept).
 */
export function overrideStrictJson(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const def = (ctx.zodSchema as z.ZodType)._zod.def as { type: string; innerType?: unknown; defaultValue?: unknown };
  // zod leaves out the default of a pipe in input mode; a strict field's default is a plain value, so state it.
  if (def.type === 'default' && strictMetaOf(def.innerType) && ctx.jsonSchema.default === undefined)
    ctx.jsonSchema.default = def.defaultValue;
  const meta = strictMetaOf(ctx.zodSchema);
  if (!meta) return;
  for (const k of ['type', 'pattern', 'format', 'minLength', 'maxLength', 'anyOf', 'allOf', 'enum'])
    delete ctx.jsonSchema[k];
  Object.assign(ctx.jsonSchema, meta.json);
}

/**
 * A query as a caller writes it (the app's HTTP client): where the schema reads an integer, a number may be given,
 * since a query travels as text and the client sends `String(n)`, the digits the server accepts.
 */
export type QueryInput<S extends z.ZodTypeAny> = {
  [K in keyof z.input<S>]: K extends keyof z.output<S>
    ? NonNullable<z.output<S>[K]> extends number
      ? z.input<S>[K] | number
      : z.input<S>[K]
    : z.input<S>[K];
};
