/**
 * For server tests: the whole exchange in-process on an ephemeral port with a temporary DATA_DIR.
 * `get`/`post` return the HTTP status and the parsed JSON body.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { startServer, type RunningExchange } from '../app';

export interface TestExchange extends RunningExchange {
  dataDir: string;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  /** Stops the server; removes the data folder unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
}

export async function startTestExchange(env: Record<string, string> = {}, dataDir?: string): Promise<TestExchange> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'exchange-unit-'));
  const config = loadConfig(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, STATIC_DIR: join(dir, 'no-static'), NODE_ENV: 'test', TEST_SWITCHES: '1', ...env },
    [],
  );
  const server = await startServer(config, { logLevel: env.LOG_LEVEL ?? 'silent' });
  const base = `http://127.0.0.1:${server.port}`;
  const read = async (res: Response) => {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    ...server,
    dataDir: dir,
    get: async (path, headers) => read(await fetch(base + path, { headers })),
    post: async (path, body, headers) =>
      read(
        await fetch(base + path, {
          method: 'POST',
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    async stop(keepData = false) {
      await server.close();
      if (!keepData && !dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
