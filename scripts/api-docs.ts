/**
 * npm run api:docs: writes the contract's generated documents into docs/api/ (CONF-10):
 * - `openapi.json`: the document `GET /api/openapi.json` serves (`buildOpenApi` over the routes of a reference
 *   server started here on a temporary folder, production configuration, no test switches);
 * - `socket.md`: the socket protocol of src/shared/protocol.ts, its frame fields read from the zod schemas.
 * `README.md` and `CHANGELOG.md` beside them are written by hand. The gate test (api-docs.test.ts) regenerates
 * both files and compares them with the committed ones (CONF-11).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  AckFrame,
  ClientFrame,
  DepthFrame,
  DetailFrame,
  ErrorFrame,
  HEARTBEAT_INTERVAL_MS,
  HeartbeatFrame,
  KLINE_INTERVALS,
  KlineFrame,
  MAX_CLIENT_FRAME_BYTES,
  MarkFrame,
  OwnCoinFrame,
  PROTOCOL_VERSION,
  PositionFrame,
  SettlementData,
  TradeFrame,
  UserStatusFrame,
  AccountFrame,
} from '../src/shared/protocol';
import { CONTRACT_VERSION, PROTOCOL_VERSION_HEADER } from '../src/shared/contractVersion';
import { OPENAPI_PATH, buildOpenApi } from '../server/src/ops/openapi';
import type { RouteTable } from '../server/src/http/errors';
import { MAX_SUBSCRIPTIONS, PING_INTERVAL_MS, SHUTDOWN_CLOSE } from '../server/src/ws/hub';
import { MAX_BUFFERED_BYTES } from '../server/src/ws/connection';

export const API_DOCS_DIR = resolve(fileURLToPath(new URL('../docs/api', import.meta.url)));

type Json = Record<string, unknown>;

/** What the gate tests say when a committed file differs from the generator's output. */
export const STALE_DOCS = 'is stale: run `npm run api:docs` and commit docs/api';

/**
 * The routes a production server registers: the table of a server started with TEST_SWITCHES less its test switches
 * (every one under `/api/_test/`, OPS-5), so a test can check the committed document on the server it already runs.
 */
export function withoutTestSwitches(routes: RouteTable): RouteTable {
  return new Map([...routes].filter(([url]) => !url.startsWith('/api/_test/')));
}

/** The OpenAPI document a production reference server serves (no test switches). */
export async function openApiDocument(): Promise<unknown> {
  const { loadConfig } = await import('../server/src/config');
  const { startServer } = await import('../server/src/app');
  const dir = mkdtempSync(join(tmpdir(), 'api-docs-'));
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_DIR: join(dir, 'no-static'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      FOLLOW_BOTS: '0',
      FLOW_DEMO: '0',
      MARKET_COINS: '1',
    },
    [],
  );
  const server = await startServer(config, { runJobs: false });
  try {
    const res = await server.app.inject({ method: 'GET', url: OPENAPI_PATH });
    const served = JSON.parse(res.body) as unknown;
    // The same document as buildOpenApi over the production routes (what the gate test compares with).
    if (JSON.stringify(served) !== JSON.stringify(buildOpenApi(withoutTestSwitches(server.routes)))) {
      throw new Error('the served document is not buildOpenApi over the production routes');
    }
    return served;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** openApiDocument() as prettier writes JSON, so `prettier --check .` passes on the committed file. */
async function openApiText(): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(join(API_DOCS_DIR, 'openapi.json'))) ?? {};
  return prettier.format(JSON.stringify(await openApiDocument()), { ...options, parser: 'json' });
}

// ---------------------------------------------------------------- socket.md

function typeOf(s: Json): string {
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  if (Array.isArray(s.enum)) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeOf).join(' \\| ');
  if (Array.isArray(s.oneOf)) return (s.oneOf as Json[]).map(typeOf).join(' \\| ');
  if (s.type === 'array') {
    if (Array.isArray(s.prefixItems)) return `[${(s.prefixItems as Json[]).map(typeOf).join(', ')}]`;
    return `array of ${s.items ? typeOf(s.items as Json) : 'any'}`;
  }
  if (s.type === 'string' && typeof s.pattern === 'string' && /\\d/.test(s.pattern)) return 'decimal string';
  if (s.type === 'object') return s.properties ? 'object' : 'object (any keys)';
  if (typeof s.type === 'string') return s.type;
  return 'any';
}

/** Rows "path | type | required" of an object schema, nested objects and arrays of objects flattened. */
function fieldRows(s: Json, prefix = '', out: string[] = []): string[] {
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  for (const [name, p] of Object.entries(props)) {
    const path = `${prefix}${name}`;
    out.push(`| \`${path}\` | ${typeOf(p)} | ${required.has(name) ? 'yes' : 'no'} |`);
    if (p.type === 'object' && p.properties) fieldRows(p, `${path}.`, out);
    const items = p.items as Json | undefined;
    if (p.type === 'array' && items?.type === 'object' && items.properties) fieldRows(items, `${path}[].`, out);
  }
  return out;
}

function fieldTable(schema: z.ZodTypeAny): string {
  const js = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json;
  return ['| field | type | required |', '| --- | --- | --- |', ...fieldRows(js)].join('\n');
}

const CHANNELS: Array<{ name: string; schema: z.ZodTypeAny; scope: string; text: string }> = [
  {
    name: 'DETAIL',
    schema: DetailFrame,
    scope: 'Public, per symbol',
    text: "The pair's 24 h figures, sent after each batch of trades (after TRADE and KLINE of the same tick).",
  },
  {
    name: 'TRADE',
    schema: TradeFrame,
    scope: 'Public, per symbol',
    text: 'A batch of trades, oldest first, each stamped with the server time it was made.',
  },
  {
    name: 'KLINE',
    schema: KlineFrame,
    scope: `Public, per symbol and interval (${KLINE_INTERVALS.join(', ')})`,
    text: 'The live candle of one interval, after every trade batch that changed it.',
  },
  {
    name: 'DEPTH',
    schema: DepthFrame,
    scope: 'Public, per symbol',
    text: 'The order book: after the ACK a snapshot (`data.snapshot: true`, every level, best first), then deltas (each changed level with its new total, amount `"0"` removes it). `data.seq` is the book\'s own sequence.',
  },
  {
    name: 'MARK',
    schema: MarkFrame,
    scope: 'Public, per futures symbol',
    text: 'The mark price with its inputs (index and smoothed basis), at every mark update; the current one after the ACK.',
  },
  {
    name: 'HEARTBEAT',
    schema: HeartbeatFrame,
    scope: 'Public, per connection',
    text: `Every ${HEARTBEAT_INTERVAL_MS} ms to a connection subscribed to it.`,
  },
  {
    name: 'OWNCOIN',
    schema: OwnCoinFrame,
    scope: 'Private (session token)',
    text: 'Every balance of the user, after the ACK and after every change.',
  },
  {
    name: 'USER_STATUS',
    schema: UserStatusFrame,
    scope: 'Private (session token)',
    text: 'A deposit or withdrawal of the user changed state.',
  },
  {
    name: 'SETTLEMENT',
    schema: AccountFrame,
    scope: 'Private (session token)',
    text: 'A second contract or an option of the user settled; `data` is a SettlementData (below).',
  },
  {
    name: 'POSITION',
    schema: PositionFrame,
    scope: 'Private (session token)',
    text: 'Every open futures position of the user (the REST Position without its mark figures), after the ACK and after every change.',
  },
];

export function generateSocketMd(): string {
  const out: string[] = [];
  const p = (...lines: string[]) => out.push(...lines);
  p(
    '# The live socket protocol',
    '',
    `<!-- Generated by \`npm run api:docs\` from src/shared/protocol.ts. Do not edit: change the schemas and regenerate. -->`,
    '',
    `Protocol version **${CONTRACT_VERSION}** (\`PROTOCOL_VERSION\` = ${PROTOCOL_VERSION}). Every \`/api\` reply carries it in the`,
    `\`${PROTOCOL_VERSION_HEADER}\` header (major.minor).`,
    '',
    '## Connecting',
    '',
    '- Open a WebSocket to `/ws/{id}` on the socket URL the app is configured with (config.json `socketUrls`, or the',
    "  page's origin): `{id}` is a client-chosen connection name, 1 to 64 letters, digits, `-` or `_` (else HTTP 400).",
    '  `ws://` or `wss://` as the page. A browser page from an origin the server does not allow is refused (HTTP 403).',
    '- All text frames are JSON. Binary frames are refused.',
    `- A client frame may be at most ${MAX_CLIENT_FRAME_BYTES} bytes; at most ${MAX_SUBSCRIPTIONS} subscriptions per connection.`,
    '- All prices, quantities and volumes are exact decimal strings, never binary floating point.',
    '',
    '## Client frames',
    '',
    '`{ "op": "subscribe" | "unsubscribe", "type", "symbol"?, "interval"?, "id"?, "token"? }`, strict (unknown keys are refused):',
    '',
    fieldTable(ClientFrame),
    '',
    '- `symbol` is required for DETAIL, KLINE, TRADE, DEPTH and MARK; `interval` for KLINE only.',
    '- `token` (the session token) is required to subscribe OWNCOIN, USER_STATUS, SETTLEMENT and POSITION and refused',
    '  on any other channel. It travels in the message, never in the URL.',
    '- `id` is echoed in the ACK or ERROR that answers the frame.',
    '',
    '## Server frames',
    '',
    'Every server frame is `{ type, symbol?, origin, data, seq, ts }` (KLINE also has `interval`).',
    '',
    '### Sequences',
    '',
    '- **Per connection:** `seq` starts at 1 and goes up by one for every frame meant for this connection. A frame',
    '  skipped (socket backed up) still takes its number, so a gap in `seq` means frames were lost: resubscribe or',
    `  reload what the lost frames carried (market data is skipped while more than ${MAX_BUFFERED_BYTES} bytes wait to be`,
    '  sent; ACKs never are). `ts` is the server time (ms) the frame was sent.',
    "- **Per book:** DEPTH frames carry `data.seq`, the book's own sequence (per symbol, shared by every",
    "  connection). A delta carries the previous frame's `data.seq` + 1; a gap means the book is stale: take a new",
    '  snapshot (resubscribe, or REST `GET /api/market/depth`, which gives the same `seq`).',
    '- Within one market tick the order is TRADE, KLINE, DETAIL.',
    '',
    '### Answers: ACK and ERROR',
    '',
    'A valid subscribe or unsubscribe is answered with an ACK (`data.key` is the subscription key: `TYPE`,',
    '`TYPE:symbol` or `KLINE:symbol:interval`):',
    '',
    fieldTable(AckFrame),
    '',
    'A refused client frame is answered with an ERROR; the connection stays open:',
    '',
    fieldTable(ErrorFrame),
    '',
    '| `data.reason` | when |',
    '| --- | --- |',
    '| `BAD_JSON` | the frame is not JSON |',
    '| `BAD_FRAME` | not a valid client frame (binary, unknown op or channel, missing symbol, token where none is taken...) |',
    `| \`TOO_LARGE\` | above ${MAX_CLIENT_FRAME_BYTES} bytes |`,
    '| `THROTTLED` | too many control messages: slow down |',
    '| `NOT_AVAILABLE` | the channel is not served by this server (for example private streams on a gateway) |',
    `| \`LIMIT\` | more than ${MAX_SUBSCRIPTIONS} subscriptions on one connection |`,
    '| `UNAUTHORIZED` | a private stream with a token that is not (or no longer) a live session |',
    '',
    '## Channels',
    '',
  );
  for (const c of CHANNELS) {
    p(`### ${c.name}`, '', `${c.scope}. ${c.text}`, '', fieldTable(c.schema), '');
  }
  p('### SettlementData (the `data` of SETTLEMENT)', '', 'One of, by `kind`:', '');
  for (const option of SettlementData.options) {
    p(fieldTable(option), '');
  }
  p(
    '## Heartbeat and ping',
    '',
    `- Subscribe \`HEARTBEAT\` to get a HEARTBEAT frame every ${HEARTBEAT_INTERVAL_MS} ms (\`data.serverTime\`); a client that`,
    '  sees none for a few intervals may treat the connection as dead and reconnect.',
    `- The server also sends a WebSocket ping every ${PING_INTERVAL_MS} ms; a connection that did not answer the previous`,
    '  ping with a pong is terminated.',
    '',
    '## Private streams and tickets',
    '',
    '- OWNCOIN, USER_STATUS, SETTLEMENT and POSITION are subscribed with the session token in the frame (`token`).',
    '  After the ACK the server sends the current state (balances, positions). When the session ends (sign-out,',
    '  expiry, password change) the stream stops and the server sends an ERROR `UNAUTHORIZED`.',
    '- Socket gateways (`npm run gateway`) serve public channels from the bus; a core with `GATEWAY_SECRET` offers',
    '  `GET /api/user/socketTicket`, a signed ticket a minute long (`{ ticket, expiresAt }`), for them. Where a server',
    '  does not serve a private stream it answers `NOT_AVAILABLE`.',
    '',
    '## Close codes',
    '',
    '| code | reason | what the client does |',
    '| --- | --- | --- |',
    `| ${SHUTDOWN_CLOSE.code} | \`${SHUTDOWN_CLOSE.reason}\` | the server is stopping: reconnect (to the next socket URL) |`,
    '| 1008 | `too many messages` | the connection kept sending after THROTTLED: reconnect later, slower |',
    '| 1006 | (none: no close frame) | the connection was lost or terminated (no pong to a ping): reconnect |',
    '',
    'On any reconnect the client subscribes again; `seq` starts again at 1.',
    '',
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const docs = { 'openapi.json': await openApiText(), 'socket.md': generateSocketMd() };
  for (const [name, text] of Object.entries(docs)) {
    writeFileSync(join(API_DOCS_DIR, name), text);
    console.log(`wrote docs/api/${name}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
