/**
 * The live socket /ws/{id} (spec 7.5, issue 2 part 6), plus the /api/_test/ws/* fault switches when
 * config.testSwitches is on. Registered by app.ts. Returns a function that closes every socket with a close frame.
 * (Stub: replaced by the socket work.)
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

export async function registerWs(_app: FastifyInstance, _ctx: ServerContext): Promise<() => Promise<void>> {
  return async () => {};
}
