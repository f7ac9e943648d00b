/**
 * The load side of `npm run bench:orders` (bench/orders.bench.ts), run in its own process so that the client does
 * not share an event loop with the server. Input: one JSON argument (ClientJob). Each of `clients` loops is one
 * user (its own session token) placing spot orders back to back on keep-alive connections (one socket per loop),
 * each with its own Idempotency-Key, for `seconds`. The mix cycles through six orders around the mid price given:
 * on spot a resting buy, a crossing buy, a resting sell and a crossing sell; on futures (the same pair's one
 * book) a resting open long and a resting open short. Output: one JSON line (ClientResult) on stdout.
 *
 * Counted in the window only (requests that complete after `seconds` are not): accepted = HTTP 200 with code 200
 * (the order was placed); refused = HTTP 200 with a business refusal; limited = HTTP 429; failed = anything else.
 * Latency is from the request's start to its whole reply, over every request completed in the window.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ClientJob {
  url: string;
  tokens: string[];
  clients: number;
  seconds: number;
  symbol: string;
  /** Mid price when the run starts (decimal string). */
  mid: string;
  /** Price decimals of the pair. */
  priceDecimals: number;
  /** The amount of every spot order (decimal string). */
  amount: string;
  /** Futures: price decimals, shares and leverage of every order. */
  futures: { priceDecimals: number; shares: string; leverage: number };
  /** Prefix of every Idempotency-Key and clientOrderId (unique per run). */
  tag: string;
  /**
   * The ceiling run (bench:orders --ceiling): instead of orders, each loop GETs this path with its session token
   * (no body, no idempotency key), so the same clients measure what the server's HTTP path alone allows.
   */
  probe?: string;
}

export interface ClientResult {
  clients: number;
  seconds: number;
  accepted: number;
  /** Of which futures orders. */
  acceptedFutures: number;
  refused: number;
  limited: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  /** The first refusal messages seen (a bench that only gets refusals measures nothing). */
  refusals: string[];
  /**
   * The client process's own CPU over the window (user + system, ms): it shares the machine's cores with the
   * server, so a client that needs a core of its own caps what the server can show.
   */
  clientCpuMs: number;
}

/** The mix, limit prices in percent of the mid: resting orders 5 % away, crossing ones 2 % through. */
const MIX: { product: 'spot' | 'futures'; side: 'buy' | 'sell' | 'long' | 'short'; percent: bigint }[] = [
  { product: 'spot', side: 'buy', percent: 95n },
  { product: 'spot', side: 'buy', percent: 102n },
  { product: 'futures', side: 'long', percent: 95n },
  { product: 'spot', side: 'sell', percent: 105n },
  { product: 'spot', side: 'sell', percent: 98n },
  { product: 'futures', side: 'short', percent: 105n },
];
const PATHS = { spot: '/api/currency/order/submit', futures: '/api/contract/order/submit' } as const;

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Prices of the mix, fixed for the run: scaled integers, so no binary floating point reaches a price. */
function mixPrices(mid: string, decimals: number): string[] {
  const [int, frac = ''] = mid.split('.');
  const scaled = BigInt(int + frac.padEnd(decimals, '0').slice(0, decimals));
  return MIX.map(({ percent }) => {
    const s = ((scaled * percent) / 100n).toString().padStart(decimals + 1, '0');
    return decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
  });
}

/** One request: a POST with a JSON body and its idempotency key, or (no body) a GET of the ceiling's probe. */
function send(
  agent: Agent,
  url: URL,
  path: string,
  token: string,
  key: string,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers:
          body === undefined
            ? { satoken: token }
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                satoken: token,
                'idempotency-key': key,
              },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runClients(job: ClientJob): Promise<ClientResult> {
  const url = new URL(job.url);
  const prices = mixPrices(job.mid, job.priceDecimals);
  const futuresPrices = mixPrices(job.mid, job.futures.priceDecimals);
  const latencies: number[] = [];
  const refusals: string[] = [];
  let accepted = 0;
  let acceptedFutures = 0;
  let refused = 0;
  let limited = 0;
  let failed = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + job.seconds * 1000;
  const loop = async (c: number): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const token = job.tokens[c % job.tokens.length];
    for (let i = c; performance.now() < end; i++) {
      const m = MIX[i % MIX.length];
      const id = `${job.tag}-${c}-${i}`;
      const common = { symbol: job.symbol, side: m.side, type: 'limit', clientOrderId: id };
      const body = JSON.stringify(
        m.product === 'spot'
          ? { ...common, price: prices[i % MIX.length], amount: job.amount }
          : {
              ...common,
              action: 'open',
              price: futuresPrices[i % MIX.length],
              shares: job.futures.shares,
              leverage: job.futures.leverage,
            },
      );
      const t0 = performance.now();
      let status = 0;
      let text = '';
      try {
        ({ status, text } = job.probe
          ? await send(agent, url, job.probe, token, id)
          : await send(agent, url, PATHS[m.product], token, id, body));
      } catch {
        status = -1;
      }
      const t1 = performance.now();
      if (t1 > end) break;
      latencies.push(t1 - t0);
      if (status === 429) limited++;
      else if (status !== 200) failed++;
      else {
        const env = JSON.parse(text) as { code?: number; msg: string };
        // The probe's replies: the API's envelope (code 200) or a plain one (/healthz, no code).
        if (env.code === 200 || (job.probe !== undefined && env.code === undefined)) {
          accepted++;
          if (m.product === 'futures' && !job.probe) acceptedFutures++;
        } else {
          refused++;
          if (refusals.length < 5 && !refusals.includes(env.msg)) refusals.push(env.msg);
        }
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: job.clients }, (_, c) => loop(c)));
  const cpu = process.cpuUsage(cpuStart);
  latencies.sort((a, b) => a - b);
  return {
    clients: job.clients,
    seconds: job.seconds,
    accepted,
    acceptedFutures,
    refused,
    limited,
    failed,
    p50Ms: Math.round(quantile(latencies, 0.5) * 100) / 100,
    p99Ms: Math.round(quantile(latencies, 0.99) * 100) / 100,
    refusals,
    clientCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

// Run as a process: `node --import tsx bench/lib/ordersClient.ts '<ClientJob JSON>'`.
if (process.argv[1]?.endsWith('ordersClient.ts')) {
  const job = JSON.parse(process.argv[2] ?? '{}') as ClientJob;
  void runClients(job).then((r) => {
    process.stdout.write(JSON.stringify(r) + '\n');
  });
}
