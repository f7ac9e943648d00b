/**
 * Test switch (OPS-6; TEST_SWITCHES=1, never in production): `POST /api/_test/clock/advance?ms=N` moves the whole
 * server's clock N ms forward (at most 7 days), so an end-to-end test can see an option expire or a funding round
 * come due without waiting. Replies with the server time after the jump.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryInt } from '../../../src/shared/schemas/strict';
import { fail, ok } from '../../../src/shared/api/envelope';
import { issueMessage } from '../http/failures';

const AdvanceQuery = z.object({
  ms: queryInt(
    z
      .number()
      .int()
      .min(1)
      .max(7 * 86_400_000),
  ),
});

export function registerClockSwitch(app: FastifyInstance, clock: { advance(ms: number): number } | undefined): void {
  if (!clock) return;
  app.post('/api/_test/clock/advance', async (req) => {
    const q = AdvanceQuery.safeParse(req.query ?? {});
    if (!q.success) return fail(issueMessage(q.error));
    return ok({ now: clock.advance(q.data.ms) });
  });
}
