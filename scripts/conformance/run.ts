/**
 * The conformance suite (CONF-1): the REST checks, then the socket's, gathered into one report.
 */
import { buildReport, type ConformanceReport } from './report';
import { runRest, type Mode } from './rest';
import { runSocket } from './socket';

export interface ConformanceOptions {
  url: string;
  mode: Mode;
  account?: string;
  password?: string;
  /** How long the socket waits for each expected frame (default two heartbeats and a half). */
  socketWaitMs?: number;
}

export async function runConformance(o: ConformanceOptions): Promise<ConformanceReport> {
  const startedAt = new Date().toISOString();
  const rest = await runRest(o);
  const socket = await runSocket({
    url: o.url,
    spot: rest.known.spot,
    futures: rest.known.futures,
    token: rest.token,
    waitMs: o.socketWaitMs,
  });
  return buildReport(
    { url: o.url, mode: o.mode, signedIn: rest.token !== undefined, startedAt, finishedAt: new Date().toISOString() },
    [...rest.checks, ...socket],
  );
}
