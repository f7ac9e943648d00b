/**
 * The REST half of the suite (CONF-2..5): every call of the registry the mode allows, checked for status,
 * envelope, the reply's schema, the error catalogue (bad input, dead token), paging and limits; in full mode
 * the money scenarios (CONF-4).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { AnyEnvelope, CODE_TOKEN } from '../../src/shared/api/envelope';
import type { Endpoint } from '../../src/shared/api/endpoint';
import { apiAreas } from '../../src/shared/api/registry';
import { CoinLists } from '../../src/shared/schemas/coins';
import { badInput, limitField, paging, sampleInput, type Input, type Known } from './inputs';
import type { CheckResult, Difference } from './report';

export type Mode = 'read' | 'full';

export interface HttpReply {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface RestOptions {
  url: string;
  mode: Mode;
  account?: string;
  password?: string;
  /** Per request (API-3: the app gives up after 10 s). */
  timeoutMs?: number;
  /** The longest Retry-After the suite waits once on a 429 before it counts the call as failed. */
  maxRetryAfterMs?: number;
}

/** A POST changes state or moves money unless the registry marks it read-only (CONF-2). */
export const changesState = (e: Endpoint): boolean => e.method === 'POST' && !e.readOnly;

/** A client of the backend: the app's headers, a token when signed in, one wait on a 429 with Retry-After. */
export function httpClient(o: RestOptions) {
  const base = o.url.replace(/\/+$/, '');
  const send = async (
    e: Pick<Endpoint, 'method' | 'path' | 'query' | 'body'>,
    input: Input | undefined,
    opts: { token?: string; idempotencyKey?: string } = {},
  ): Promise<HttpReply> => {
    const headers: Record<string, string> = { accept: 'application/json', lang: 'en', language: 'en' };
    if (opts.token) headers.satoken = opts.token;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    let url = base + e.path;
    let body: string | undefined;
    if (e.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input ?? {});
    } else if (input && Object.keys(input).length) {
      url += `?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`;
    }
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(url, {
        method: e.method,
        headers,
        body,
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
      const text = await res.text();
      const wait = Number(res.headers.get('retry-after'));
      if (res.status === 429 && attempt === 0 && wait * 1000 <= (o.maxRetryAfterMs ?? 15_000)) {
        await new Promise((r) => setTimeout(r, Math.max(0, wait) * 1000));
        continue;
      }
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: kept as text, the envelope check says so */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    }
  };
  return { send };
}
export type HttpClient = ReturnType<typeof httpClient>;

const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** The first differences between a value and its schema, in words. */
export function schemaDifferences(schema: z.ZodTypeAny, value: unknown, root: string): Difference[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.slice(0, 5).map((i) => ({
    where: [root, ...i.path.map(String)].join('.'),
    expected: i.message,
    got: show(at(value, i.path)),
  }));
}

type Envelope = { code: number; msg: string; data?: unknown };
/** HTTP 200 and an envelope, or the difference. */
function envelopeOf(r: HttpReply): { env?: Envelope; diffs: Difference[] } {
  if (r.status !== 200) return { diffs: [{ where: 'HTTP status', expected: '200', got: String(r.status) }] };
  const p = AnyEnvelope.safeParse(r.body);
  if (!p.success)
    return {
      diffs: [
        { where: 'reply', expected: 'a JSON envelope {code, msg, data}', got: show(r.body) },
        ...schemaDifferences(AnyEnvelope, r.body, 'reply'),
      ],
    };
  return { env: p.data as Envelope, diffs: [] };
}

const NOT_OFFERED_MSG = /not offered/i;

export interface Gate {
  /** Why the area is off, or undefined when the backend offers it. */
  off(key: string, area: string): string | undefined;
}

/** Areas a platform setting turns off (CONF-5): PLAYING_SETTING's games and LOGIN_REGIS_SETTING's wallet login. */
export function settingsGate(settings: unknown): Gate {
  const s = (settings ?? {}) as {
    PLAYING_SETTING?: Array<{ name: string; isOpen: boolean }>;
    LOGIN_REGIS_SETTING?: { addressIsOpen?: boolean };
  };
  const closed = new Set((s.PLAYING_SETTING ?? []).filter((p) => !p.isOpen).map((p) => p.name));
  return {
    off(key, area) {
      if (closed.has('Option') && (area === 'options' || key === 'optionRecords'))
        return 'PLAYING_SETTING turns options off';
      if (closed.has('Ustandard') && (area === 'futures' || key === 'futuresRecords'))
        return 'PLAYING_SETTING turns futures off';
      if (closed.has('SecondContract') && /second|period/i.test(key))
        return 'PLAYING_SETTING turns second contracts off';
      if (closed.has('BBTrading') && /spot/i.test(key)) return 'PLAYING_SETTING turns spot trading off';
      if (key === 'addressLogin' && s.LOGIN_REGIS_SETTING?.addressIsOpen === false)
        return 'LOGIN_REGIS_SETTING turns wallet-address login off';
      return undefined;
    },
  };
}

interface Ctx {
  http: HttpClient;
  mode: Mode;
  token?: string;
  known: Known;
  gate: Gate;
  out: CheckResult[];
}

function record(
  ctx: Ctx,
  area: string,
  subject: string,
  kind: CheckResult['kind'],
  t0: number,
  status: CheckResult['status'],
  detail: string,
  differences: Difference[] = [],
): CheckResult {
  const c: CheckResult = {
    id: `${area}.${subject}.${kind}`,
    area,
    subject,
    kind,
    status,
    detail,
    differences,
    ms: Math.max(0, Date.now() - t0),
  };
  ctx.out.push(c);
  return c;
}

/** The list in a reply that a limit or a page bounds. */
function listsOf(data: unknown): unknown[][] {
  if (Array.isArray(data)) return [data];
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    if (Array.isArray(d.rows)) return [d.rows];
    return Object.values(d).filter(Array.isArray);
  }
  return [];
}

async function expectRefusal(
  ctx: Ctx,
  e: Endpoint,
  input: Input,
  token: string | undefined,
): Promise<{ ok: boolean; diffs: Difference[]; env?: Envelope }> {
  const r = await ctx.http.send(e, input, { token });
  const { env, diffs } = envelopeOf(r);
  if (!env) return { ok: false, diffs };
  if (env.code > 0)
    return { ok: false, env, diffs: [{ where: 'code', expected: 'not above 0 (refused)', got: String(env.code) }] };
  if (!env.msg.trim())
    return { ok: false, env, diffs: [{ where: 'msg', expected: 'a message a person can read', got: '""' }] };
  return { ok: true, env, diffs: [] };
}

/** All checks of one call. */
async function checkCall(ctx: Ctx, area: string, key: string, e: Endpoint): Promise<void> {
  const t0 = Date.now();
  const gated = ctx.gate.off(key, area);
  if (gated) {
    record(ctx, area, key, 'reply', t0, 'notOffered', gated);
    return;
  }
  const writes = changesState(e);
  if (writes && ctx.mode === 'read') {
    record(ctx, area, key, 'reply', t0, 'skipped', 'changes state or moves money: called in full mode only');
    return;
  }
  const valid = sampleInput(key, e, area, ctx.known);

  // The valid call: every GET and read-only POST (a POST that changes state is called only by a scenario).
  let offered = true;
  if (writes) {
    if (!['submitSpotOrder', 'cancelSpotOrder', 'transferFunds'].includes(key))
      record(ctx, area, key, 'reply', t0, 'skipped', 'full mode changes only what its scenarios need (CONF-4)');
  } else if (e.multipart) {
    record(ctx, area, key, 'reply', t0, 'skipped', 'a multipart upload');
  } else if (e.auth && !ctx.token) {
    record(ctx, area, key, 'reply', t0, 'skipped', 'a private call: no --account given');
  } else if (typeof valid === 'string') {
    record(ctx, area, key, 'reply', t0, 'skipped', valid);
  } else {
    const r = await ctx.http.send(e, valid, { token: e.auth ? ctx.token : undefined });
    const { env, diffs } = envelopeOf(r);
    if (!env) record(ctx, area, key, 'reply', t0, 'fail', `${e.method} ${e.path}: not an envelope`, diffs);
    else if (env.code <= 0 && NOT_OFFERED_MSG.test(env.msg)) {
      offered = false;
      record(ctx, area, key, 'reply', t0, 'notOffered', `the backend says: ${env.msg}`);
    } else if (env.code !== 200)
      record(ctx, area, key, 'reply', t0, 'fail', `${e.method} ${e.path} refused a valid call`, [
        { where: 'code', expected: '200', got: `${env.code} (${show(env.msg)})` },
      ]);
    else {
      const d = schemaDifferences(e.data, env.data, 'data');
      if (d.length)
        record(ctx, area, key, 'reply', t0, 'fail', `${e.method} ${e.path}: the reply does not match its schema`, d);
      else {
        ctx.known.replies.set(key, e.data.parse(env.data));
        record(ctx, area, key, 'reply', t0, 'pass', 'HTTP 200, envelope, code 200, data matches the schema');
      }
    }
  }
  if (!offered) return;

  // One bad input: refused with a readable message (ERR-1).
  const bad = badInput(e, typeof valid === 'object' ? valid : {});
  if (bad && !(e.auth && !ctx.token)) {
    const t1 = Date.now();
    const r = await expectRefusal(ctx, e, bad.input, e.auth ? ctx.token : undefined);
    record(
      ctx,
      area,
      key,
      'badInput',
      t1,
      r.ok ? 'pass' : 'fail',
      r.ok ? `refused: ${bad.change}` : `a bad input was not refused (${bad.change})`,
      r.diffs,
    );
  }

  // A dead token: code 500 with "Token" in the message (ERR-2).
  if (e.auth) {
    const t2 = Date.now();
    const dead = `conformance-dead-${randomBytes(16).toString('hex')}`;
    const shaped = typeof valid === 'object' ? valid : sampleInput(key, e, area, ctx.known, true);
    const r = await ctx.http.send(e, typeof shaped === 'object' ? shaped : {}, { token: dead });
    const { env, diffs } = envelopeOf(r);
    const d: Difference[] = [...diffs];
    if (env && env.code !== CODE_TOKEN)
      d.push({ where: 'code', expected: String(CODE_TOKEN), got: `${env.code} (${show(env.msg)})` });
    else if (env && !env.msg.includes('Token'))
      d.push({ where: 'msg', expected: 'a message containing "Token"', got: show(env.msg) });
    record(
      ctx,
      area,
      key,
      'deadToken',
      t2,
      d.length ? 'fail' : 'pass',
      d.length ? 'a dead token was not answered as the catalogue says' : 'code 500, "Token" in the message',
      d,
    );
  }

  if (writes || e.multipart || (e.auth && !ctx.token) || typeof valid !== 'object') return;

  // Paging: pageSize 1 gives at most one row and a total; one past the largest pageSize is refused.
  const pg = paging(e);
  if (pg) {
    const t3 = Date.now();
    const one =
      pg.where === 'query' ? { ...valid, pageNum: '1', pageSize: '1' } : { ...valid, pageNum: 1, pageSize: 1 };
    const r = await ctx.http.send(e, one, { token: e.auth ? ctx.token : undefined });
    const { env, diffs } = envelopeOf(r);
    const d: Difference[] = [...diffs];
    if (env && env.code === 200) {
      const page = env.data as { rows?: unknown[]; total?: unknown } | undefined;
      const rows = page?.rows ?? listsOf(page)[0] ?? [];
      if (rows.length > 1)
        d.push({ where: 'data.rows', expected: 'at most 1 row for pageSize 1', got: `${rows.length} rows` });
      if (page && 'total' in page && (typeof page.total !== 'number' || page.total < rows.length))
        d.push({ where: 'data.total', expected: `a count of at least ${rows.length}`, got: show(page.total) });
    } else if (env) d.push({ where: 'code', expected: '200 for pageSize 1', got: `${env.code} (${show(env.msg)})` });
    if (pg.max !== undefined) {
      const over =
        pg.where === 'query' ? { ...valid, pageSize: String(pg.max + 1) } : { ...valid, pageSize: pg.max + 1 };
      const rr = await expectRefusal(ctx, e, over, e.auth ? ctx.token : undefined);
      if (!rr.ok) d.push(...rr.diffs.map((x) => ({ ...x, where: `pageSize ${pg.max! + 1}: ${x.where}` })));
    }
    record(
      ctx,
      area,
      key,
      'paging',
      t3,
      d.length ? 'fail' : 'pass',
      d.length
        ? 'paging differs from the contract'
        : `pageSize 1 gives at most 1 row${pg.max !== undefined ? `, ${pg.max + 1} is refused` : ''}`,
      d,
    );
  }

  // Limits: limit 1 gives at most one item per list; one past the largest is refused.
  const lim = limitField(e);
  if (lim) {
    const t4 = Date.now();
    const r = await ctx.http.send(e, { ...valid, limit: '1' }, { token: e.auth ? ctx.token : undefined });
    const { env, diffs } = envelopeOf(r);
    const d: Difference[] = [...diffs];
    if (env && env.code === 200) {
      for (const l of listsOf(env.data))
        if (l.length > 1) d.push({ where: 'data', expected: 'at most 1 item for limit 1', got: `${l.length} items` });
    } else if (env) d.push({ where: 'code', expected: '200 for limit 1', got: `${env.code} (${show(env.msg)})` });
    if (lim.max !== undefined) {
      const rr = await expectRefusal(ctx, e, { ...valid, limit: String(lim.max + 1) }, e.auth ? ctx.token : undefined);
      if (!rr.ok) d.push(...rr.diffs.map((x) => ({ ...x, where: `limit ${lim.max! + 1}: ${x.where}` })));
    }
    record(
      ctx,
      area,
      key,
      'limit',
      t4,
      d.length ? 'fail' : 'pass',
      d.length
        ? 'the limit differs from the contract'
        : `limit 1 gives at most 1 item${lim.max !== undefined ? `, ${lim.max + 1} is refused` : ''}`,
      d,
    );
  }
}

/** Calls whose input names an object another call lists come after that call. */
const LATE = new Set([
  'traderDashboard',
  'financeProduct',
  'followTrader',
  'messageDetail',
  'flowOrder',
  'spotOrderByClientId',
]);

export interface RestResult {
  checks: CheckResult[];
  token?: string;
  known: Known;
  gate: Gate;
}

export async function runRest(o: RestOptions): Promise<RestResult> {
  const http = httpClient(o);
  const out: CheckResult[] = [];
  const t0 = Date.now();

  // What the backend lists: settings (the gates), the pairs (the symbols every call is asked about).
  const settingsReply = envelopeOf(await http.send(apiAreas.market.getAllSetting, undefined));
  const gate = settingsGate(settingsReply.env?.data);
  const lists = CoinLists.safeParse(envelopeOf(await http.send(apiAreas.market.getCoinList, undefined)).env?.data);
  const spotPair = lists.success
    ? (lists.data.currencyList.find((p) => p.enable && p.isDeal) ?? lists.data.currencyList[0])
    : undefined;
  const known: Known = {
    spot: spotPair?.symbol ?? 'btcusdt',
    futures: lists.success ? lists.data.contractList[0]?.symbol : undefined,
    option: lists.success ? lists.data.optionList[0]?.symbol : undefined,
    base: spotPair?.coin.toUpperCase() ?? 'BTC',
    quote: spotPair?.baseCoin.toUpperCase() ?? 'USDT',
    replies: new Map(),
  };

  // Sign in through the real login call.
  let token: string | undefined;
  const ctxBase = { http, mode: o.mode, known, gate, out };
  if (o.account && o.password) {
    const r = await http.send(apiAreas.user.login, { account: o.account, password: o.password });
    const { env, diffs } = envelopeOf(r);
    const satoken = (env?.data as { satoken?: unknown } | undefined)?.satoken;
    if (env?.code === 200 && typeof satoken === 'string') {
      token = satoken;
      record({ ...ctxBase, token }, 'user', 'login', 'scenario', t0, 'pass', `signed in as the test account`);
    } else
      record(
        { ...ctxBase },
        'user',
        'login',
        'scenario',
        t0,
        'fail',
        'the test account could not sign in',
        env ? [{ where: 'code', expected: '200 with data.satoken', got: `${env.code} (${show(env.msg)})` }] : diffs,
      );
  }
  const ctx: Ctx = { ...ctxBase, token };

  if (o.mode === 'full' && token && spotPair) await spotScenario(ctx, spotPair);

  const entries = Object.entries(apiAreas).flatMap(([area, group]) =>
    Object.entries(group as Record<string, Endpoint>).map(([key, e]) => ({ area, key, e })),
  );
  for (const { area, key, e } of entries.filter((x) => !LATE.has(x.key))) await checkCall(ctx, area, key, e);
  for (const { area, key, e } of entries.filter((x) => LATE.has(x.key))) await checkCall(ctx, area, key, e);

  if (o.mode === 'full' && token) {
    await transferScenario(ctx);
    await quoteScenario(ctx);
  }
  return { checks: out, token, known, gate };
}

type SpotPairT = z.infer<typeof CoinLists>['currencyList'][number];

/** Full mode: a buy limit at half the last price, the same Idempotency-Key answered with the same order, cancelled. */
async function spotScenario(ctx: Ctx, pair: SpotPairT): Promise<void> {
  const { submitSpotOrder, cancelSpotOrder, ticker } = { ...apiAreas.trading, ...apiAreas.market };
  const t0 = Date.now();
  if (ctx.gate.off('submitSpotOrder', 'trading')) return;
  const tick = envelopeOf(await ctx.http.send(ticker, { symbol: pair.symbol })).env?.data as
    { close?: string } | undefined;
  if (!tick?.close) {
    record(ctx, 'trading', 'submitSpotOrder', 'scenario', t0, 'fail', 'no last price to place an order far from', [
      { where: 'ticker data.close', expected: 'a price', got: show(tick) },
    ]);
    return;
  }
  const price = new Decimal(tick.close).div(2).toDecimalPlaces(pair.basePrecision, Decimal.ROUND_DOWN);
  const step = new Decimal(1).div(new Decimal(10).pow(pair.coinPrecision));
  const amount = Decimal.max(new Decimal(pair.orderMin), step).toFixed(pair.coinPrecision);
  const clientOrderId = `conf-${randomUUID().slice(0, 18)}`;
  const body = {
    symbol: pair.symbol,
    side: 'buy',
    type: 'limit',
    price: price.toFixed(pair.basePrecision),
    amount,
    clientOrderId,
  };
  const key = randomUUID();
  const first = envelopeOf(await ctx.http.send(submitSpotOrder, body, { token: ctx.token, idempotencyKey: key }));
  const again = envelopeOf(await ctx.http.send(submitSpotOrder, body, { token: ctx.token, idempotencyKey: key }));
  const d: Difference[] = [...first.diffs];
  const order = first.env?.code === 200 ? submitSpotOrder.data.safeParse(first.env.data) : undefined;
  if (first.env && first.env.code !== 200)
    d.push({ where: 'code', expected: '200', got: `${first.env.code} (${show(first.env.msg)})` });
  else if (order && !order.success) d.push(...schemaDifferences(submitSpotOrder.data, first.env?.data, 'data'));
  if (order?.success) {
    ctx.known.replies.set('submitSpotOrder', order.data);
    if (order.data.status !== 'open')
      d.push({ where: 'data.status', expected: '"open" (far from the market)', got: show(order.data.status) });
    const id2 = (again.env?.data as { id?: unknown } | undefined)?.id;
    if (id2 !== order.data.id)
      d.push({ where: 'the same Idempotency-Key again: data.id', expected: String(order.data.id), got: show(id2) });
  }
  record(
    ctx,
    'trading',
    'submitSpotOrder',
    'scenario',
    t0,
    d.length ? 'fail' : 'pass',
    d.length
      ? 'placing a limit order far from the market'
      : `a buy of ${amount} at ${body.price} placed once for two sends of one Idempotency-Key`,
    d,
  );
  if (!order?.success) return;

  const t1 = Date.now();
  const c = envelopeOf(
    await ctx.http.send(
      cancelSpotOrder,
      { id: String(order.data.id) },
      { token: ctx.token, idempotencyKey: randomUUID() },
    ),
  );
  const cd: Difference[] = [...c.diffs];
  if (c.env && c.env.code !== 200)
    cd.push({ where: 'code', expected: '200', got: `${c.env.code} (${show(c.env.msg)})` });
  else if (c.env) {
    cd.push(...schemaDifferences(cancelSpotOrder.data, c.env.data, 'data'));
    const st = (c.env.data as { status?: unknown }).status;
    if (st !== 'cancelled') cd.push({ where: 'data.status', expected: '"cancelled"', got: show(st) });
  }
  record(
    ctx,
    'trading',
    'cancelSpotOrder',
    'scenario',
    t1,
    cd.length ? 'fail' : 'pass',
    cd.length ? 'cancelling the order' : 'the order cancelled',
    cd,
  );
}

async function balances(ctx: Ctx): Promise<Map<string, Decimal> | undefined> {
  const r = envelopeOf(await ctx.http.send(apiAreas.asset.assetBalance, undefined, { token: ctx.token }));
  const p = apiAreas.asset.assetBalance.data.safeParse(r.env?.data);
  if (!p.success) return undefined;
  return new Map(p.data.map((b) => [`${b.account}:${b.coin}`, new Decimal(b.available)]));
}

/** Full mode: 1 of the quote coin from the platform account to the finance account and back; balances as before. */
async function transferScenario(ctx: Ctx): Promise<void> {
  const { transferFunds } = apiAreas.asset;
  const t0 = Date.now();
  const coin = ctx.known.quote;
  const before = await balances(ctx);
  const d: Difference[] = [];
  for (const [fromAccount, toAccount] of [
    ['platform', 'finance'],
    ['finance', 'platform'],
  ] as const) {
    const r = envelopeOf(
      await ctx.http.send(
        transferFunds,
        { fromAccount, toAccount, coin, amount: '1' },
        { token: ctx.token, idempotencyKey: randomUUID() },
      ),
    );
    d.push(...r.diffs.map((x) => ({ ...x, where: `${fromAccount} -> ${toAccount}: ${x.where}` })));
    if (r.env && r.env.code !== 200)
      d.push({
        where: `${fromAccount} -> ${toAccount}: code`,
        expected: '200',
        got: `${r.env.code} (${show(r.env.msg)})`,
      });
    else if (r.env)
      d.push(...schemaDifferences(transferFunds.data, r.env.data, `${fromAccount} -> ${toAccount}: data`));
  }
  const after = await balances(ctx);
  for (const acct of ['platform', 'finance']) {
    const k = `${acct}:${coin}`;
    const a = before?.get(k) ?? new Decimal(0);
    const b = after?.get(k) ?? new Decimal(0);
    if (!a.eq(b)) d.push({ where: `assetBalance ${k} available`, expected: a.toString(), got: b.toString() });
  }
  record(
    ctx,
    'asset',
    'transferFunds',
    'scenario',
    t0,
    d.length ? 'fail' : 'pass',
    d.length ? 'a transfer there and back' : `1 ${coin} platform -> finance -> platform, balances as before`,
    d,
  );
}

/** Full mode: a flash-exchange quote whose expiry is after the server time it was given at. */
async function quoteScenario(ctx: Ctx): Promise<void> {
  const { getCurrencyPrice } = apiAreas.exchange;
  const t0 = Date.now();
  const r = envelopeOf(
    await ctx.http.send(getCurrencyPrice, { currency: `${ctx.known.base},${ctx.known.quote}` }, { token: ctx.token }),
  );
  const d: Difference[] = [...r.diffs];
  if (r.env && r.env.code !== 200)
    d.push({ where: 'code', expected: '200', got: `${r.env.code} (${show(r.env.msg)})` });
  else if (r.env) d.push(...schemaDifferences(getCurrencyPrice.data, r.env.data, 'data'));
  record(
    ctx,
    'exchange',
    'getCurrencyPrice',
    'scenario',
    t0,
    d.length ? 'fail' : 'pass',
    d.length ? 'asking for a quote' : `a quote for ${ctx.known.base} to ${ctx.known.quote}`,
    d,
  );
}
