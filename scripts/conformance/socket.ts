/**
 * The socket half of the suite (CONF-7): connect `/ws/{id}`, subscribe every public channel of one pair, check
 * every frame against `ServerFrame`, the connection's `seq` (+1 per frame) and each book's depth `seq`, the
 * heartbeat and the transport's ping/pong, that an unsubscribe stops the frames, and the private streams with
 * the session's token (and their refusal of a dead one).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { HEARTBEAT_INTERVAL_MS, ServerFrame, type ClientFrame, type StreamType } from '../../src/shared/protocol';
import type { CheckResult, Difference } from './report';
import { schemaDifferences } from './rest';

export interface SocketOptions {
  url: string;
  spot: string;
  futures?: string;
  token?: string;
  /** How long to wait for each expected frame; default two heartbeats and a half. */
  waitMs?: number;
}

type Frame = Record<string, unknown> & { type?: string; seq?: number; data?: Record<string, unknown> };

interface Pending {
  test: (f: Frame) => boolean;
  resolve: (f: Frame | undefined) => void;
  timer: NodeJS.Timeout;
}

/** One connection: every frame kept in order, the schema and `seq` checked as frames arrive. */
class Conn {
  readonly frames: Frame[] = [];
  readonly schemaFailures = new Map<string, Difference[]>();
  readonly seqBreaks: Difference[] = [];
  readonly depthBreaks: Difference[] = [];
  private lastSeq = 0;
  private readonly depthSeq = new Map<string, number>();
  private pending: Pending[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => this.onFrame(raw.toString()));
  }

  static open(url: string, timeoutMs: number): Promise<Conn> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`no connection in ${timeoutMs} ms`));
      }, timeoutMs);
      const conn = new Conn(ws);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(conn);
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  private onFrame(text: string): void {
    let f: Frame;
    try {
      f = JSON.parse(text) as Frame;
    } catch {
      const list = this.schemaFailures.get('?') ?? [];
      list.push({ where: 'frame', expected: 'JSON', got: text.slice(0, 80) });
      this.schemaFailures.set('?', list);
      return;
    }
    this.frames.push(f);
    const type = String(f.type);
    if (!this.schemaFailures.has(type)) {
      const d = schemaDifferences(ServerFrame, f, `${type} frame`);
      if (d.length) this.schemaFailures.set(type, d);
    }
    if (typeof f.seq === 'number') {
      if (this.seqBreaks.length < 3 && f.seq !== this.lastSeq + 1)
        this.seqBreaks.push({ where: `${type} frame seq`, expected: String(this.lastSeq + 1), got: String(f.seq) });
      this.lastSeq = f.seq;
    }
    if (type === 'DEPTH' && f.data && typeof f.data.seq === 'number') {
      const sym = String(f.symbol);
      const prev = this.depthSeq.get(sym);
      if (!f.data.snapshot && prev !== undefined && f.data.seq !== prev + 1 && this.depthBreaks.length < 3)
        this.depthBreaks.push({ where: `DEPTH ${sym} data.seq`, expected: String(prev + 1), got: String(f.data.seq) });
      this.depthSeq.set(sym, f.data.seq);
    }
    this.pending = this.pending.filter((p) => {
      if (!p.test(f)) return true;
      clearTimeout(p.timer);
      p.resolve(f);
      return false;
    });
  }

  send(f: ClientFrame): void {
    this.ws.send(JSON.stringify(f));
  }

  /** The first frame from now on (or already received after index `from`) that passes `test`. */
  waitFor(test: (f: Frame) => boolean, timeoutMs: number, from = this.frames.length): Promise<Frame | undefined> {
    const seen = this.frames.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const p: Pending = { test, resolve, timer: undefined as unknown as NodeJS.Timeout };
      p.timer = setTimeout(() => {
        this.pending = this.pending.filter((x) => x !== p);
        resolve(undefined);
      }, timeoutMs);
      this.pending.push(p);
    });
  }

  pong(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.ws.once('pong', () => {
        clearTimeout(timer);
        resolve(true);
      });
      this.ws.ping();
    });
  }

  close(): void {
    this.ws.close();
  }
}

const ack = (id: string) => (f: Frame) =>
  (f.type === 'ACK' || f.type === 'ERROR') && (f.data as { id?: unknown } | undefined)?.id === id;

export async function runSocket(o: SocketOptions): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  const waitMs = o.waitMs ?? HEARTBEAT_INTERVAL_MS * 2.5;
  const rec = (
    subject: string,
    t0: number,
    status: CheckResult['status'],
    detail: string,
    differences: Difference[] = [],
  ) =>
    out.push({
      id: `socket.${subject}`,
      area: 'socket',
      subject,
      kind: 'socket',
      status,
      detail,
      differences,
      ms: Math.max(0, Date.now() - t0),
    });
  const wsBase = o.url.replace(/\/+$/, '').replace(/^http/, 'ws');
  let t0 = Date.now();
  let conn: Conn;
  try {
    conn = await Conn.open(`${wsBase}/ws/${randomUUID()}`, waitMs);
  } catch (err) {
    rec('connect', t0, 'fail', 'the socket did not open', [
      { where: '/ws/{id}', expected: 'an open WebSocket', got: String(err) },
    ]);
    return out;
  }
  rec('connect', t0, 'pass', 'an open WebSocket at /ws/{id}');

  // Every public channel of one pair (MARK on a futures pair), and the heartbeat.
  const subs: Array<{ type: StreamType; symbol?: string; interval?: '1m'; needs: boolean }> = [
    { type: 'HEARTBEAT', needs: true },
    { type: 'DETAIL', symbol: o.spot, needs: true },
    { type: 'TRADE', symbol: o.spot, needs: true },
    { type: 'KLINE', symbol: o.spot, interval: '1m', needs: true },
    { type: 'DEPTH', symbol: o.spot, needs: true },
    ...(o.futures ? [{ type: 'MARK' as const, symbol: o.futures, needs: true }] : []),
  ];
  const offered = new Set<StreamType>();
  for (const s of subs) {
    t0 = Date.now();
    const id = `sub-${s.type}`;
    const from = conn.frames.length;
    conn.send({ op: 'subscribe', type: s.type, symbol: s.symbol, interval: s.interval, id });
    const a = await conn.waitFor(ack(id), waitMs, from);
    if (!a) {
      rec(`${s.type}.subscribe`, t0, 'fail', `no ACK to subscribing ${s.type}`, [
        { where: 'reply', expected: 'an ACK frame', got: 'nothing' },
      ]);
      continue;
    }
    const reason = (a.data as { reason?: string; message?: string }).reason;
    if (a.type === 'ERROR' && reason === 'NOT_AVAILABLE') {
      rec(
        `${s.type}.subscribe`,
        t0,
        'notOffered',
        `the backend says: ${String((a.data as { message?: string }).message)}`,
      );
      continue;
    }
    if (a.type === 'ERROR') {
      rec(`${s.type}.subscribe`, t0, 'fail', `subscribing ${s.type} was refused`, [
        { where: 'reply', expected: 'ACK', got: `ERROR ${reason}` },
      ]);
      continue;
    }
    offered.add(s.type);
    const data = await conn.waitFor((f) => f.type === s.type, waitMs, from);
    rec(
      `${s.type}.subscribe`,
      t0,
      data ? 'pass' : 'fail',
      data ? `ACK, then ${s.type} frames` : `no ${s.type} frame after the ACK`,
      data ? [] : [{ where: s.type, expected: 'a frame', got: `nothing in ${waitMs} ms` }],
    );
  }

  // The transport's ping is answered with a pong.
  t0 = Date.now();
  const ponged = await conn.pong(waitMs);
  rec(
    'ping',
    t0,
    ponged ? 'pass' : 'fail',
    ponged ? 'a ping answered with a pong' : 'no pong',
    ponged ? [] : [{ where: 'ping', expected: 'pong', got: 'nothing' }],
  );

  // Unsubscribe the pair's channels: nothing of them after the ACK, up to the next heartbeat.
  if (offered.has('HEARTBEAT')) {
    t0 = Date.now();
    let acked = 0;
    let from = conn.frames.length;
    for (const s of subs.filter((x) => x.type !== 'HEARTBEAT' && offered.has(x.type))) {
      const id = `unsub-${s.type}`;
      from = conn.frames.length;
      conn.send({ op: 'unsubscribe', type: s.type, symbol: s.symbol, interval: s.interval, id });
      if (await conn.waitFor(ack(id), waitMs, from)) acked++;
    }
    const afterAcks = conn.frames.length;
    const beat = await conn.waitFor((f) => f.type === 'HEARTBEAT', waitMs, afterAcks);
    const stray = conn.frames.slice(afterAcks).filter((f) => f.type !== 'HEARTBEAT' && f.type !== 'ACK');
    const d: Difference[] = [];
    if (acked < offered.size - 1)
      d.push({ where: 'unsubscribe', expected: `${offered.size - 1} ACKs`, got: String(acked) });
    if (!beat)
      d.push({ where: 'HEARTBEAT', expected: 'a heartbeat after the unsubscribes', got: `nothing in ${waitMs} ms` });
    if (stray.length)
      d.push({
        where: 'frames after unsubscribing',
        expected: 'none',
        got: stray
          .slice(0, 3)
          .map((f) => String(f.type))
          .join(', '),
      });
    rec(
      'unsubscribe',
      t0,
      d.length ? 'fail' : 'pass',
      d.length
        ? 'unsubscribing did not stop the frames'
        : 'ACKs, then no frame of those channels until the next heartbeat',
      d,
    );
  }

  // Private streams: with the session's token an ACK and the balances; with a dead token a refusal.
  if (o.token) {
    t0 = Date.now();
    let from = conn.frames.length;
    conn.send({ op: 'subscribe', type: 'OWNCOIN', token: o.token, id: 'sub-OWNCOIN' });
    const a = await conn.waitFor(ack('sub-OWNCOIN'), waitMs, from);
    if (a?.type === 'ERROR' && (a.data as { reason?: string }).reason === 'NOT_AVAILABLE')
      rec(
        'OWNCOIN.subscribe',
        t0,
        'notOffered',
        `the backend says: ${String((a.data as { message?: string }).message)}`,
      );
    else {
      const bal = a?.type === 'ACK' ? await conn.waitFor((f) => f.type === 'OWNCOIN', waitMs, from) : undefined;
      rec(
        'OWNCOIN.subscribe',
        t0,
        bal ? 'pass' : 'fail',
        bal ? 'ACK, then the balances' : 'no balances on the private stream',
        bal
          ? []
          : [
              {
                where: 'OWNCOIN',
                expected: 'ACK then an OWNCOIN frame',
                got: a ? `${String(a.type)} ${JSON.stringify(a.data).slice(0, 80)}` : 'nothing',
              },
            ],
      );
    }
    t0 = Date.now();
    from = conn.frames.length;
    conn.send({
      op: 'subscribe',
      type: 'USER_STATUS',
      token: `conformance-dead-${randomBytes(16).toString('hex')}`,
      id: 'sub-dead',
    });
    const r = await conn.waitFor(ack('sub-dead'), waitMs, from);
    const reason = (r?.data as { reason?: string } | undefined)?.reason;
    const refused = r?.type === 'ERROR' && reason === 'UNAUTHORIZED';
    rec(
      'deadToken',
      t0,
      refused ? 'pass' : 'fail',
      refused ? 'a private stream with a dead token is refused (UNAUTHORIZED)' : 'a dead token was not refused',
      refused
        ? []
        : [
            {
              where: 'reply',
              expected: 'ERROR UNAUTHORIZED',
              got: r ? `${String(r.type)} ${reason ?? ''}` : 'nothing',
            },
          ],
    );
  }

  // Every frame of the connection against the protocol's schema, and the sequences.
  for (const type of new Set(conn.frames.map((f) => String(f.type)))) {
    const d = conn.schemaFailures.get(type);
    rec(
      `${type}.schema`,
      Date.now(),
      d ? 'fail' : 'pass',
      d ? `a ${type} frame does not match the protocol` : `every ${type} frame matches the protocol`,
      d ?? [],
    );
  }
  rec(
    'sequence',
    Date.now(),
    conn.seqBreaks.length ? 'fail' : 'pass',
    conn.seqBreaks.length ? "the connection's seq is not continuous" : `seq 1..${conn.frames.length} with no gap`,
    conn.seqBreaks,
  );
  if (offered.has('DEPTH'))
    rec(
      'DEPTH.sequence',
      Date.now(),
      conn.depthBreaks.length ? 'fail' : 'pass',
      conn.depthBreaks.length ? "the book's depth seq is not continuous" : 'each delta continues the depth seq',
      conn.depthBreaks,
    );
  conn.close();
  return out;
}
