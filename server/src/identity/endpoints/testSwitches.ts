/**
 * Development-only routes (never in production):
 * - GET  /api/_test/outbox?to=<address>: the latest codes sent to an email or phone (newest first);
 * - POST /api/_test/expireTokens[?account=<login>]: expires every session, or one user's (TEST_SWITCHES=1);
 * - POST /api/_test/kycReview?account=<login>&level=primary|senior&state=approved|rejected (TEST_SWITCHES=1):
 *   stands in for the admin side, which is not part of this product.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../../../../src/shared/api/envelope';
import { Email, KycLevel, Phone } from '../../../../src/shared/schemas/user';
import type { Identity } from '../service';
import { readOutbox } from '../codes';
import { issueMessage } from '../../http/failures';

const OutboxQuery = z.object({ to: z.union([Email, Phone]) });
const AccountQuery = z.object({ account: z.string().min(1).optional() });
const KycReviewQuery = z.object({
  account: z.string().min(1),
  level: KycLevel,
  state: z.enum(['approved', 'rejected']),
});

export function registerTestRoutes(app: FastifyInstance, acc: Identity): void {
  if (acc.production) return;
  app.get('/api/_test/outbox', async (req) => {
    const q = OutboxQuery.safeParse(req.query);
    if (!q.success) return fail(issueMessage(q.error));
    return ok(readOutbox(acc.db, q.data.to));
  });

  if (!acc.testSwitches) return;
  app.post('/api/_test/expireTokens', async (req) => {
    const q = AccountQuery.safeParse(req.query ?? {});
    if (!q.success) return fail(issueMessage(q.error));
    if (q.data.account === undefined) return ok({ expired: acc.sessions.expire() });
    const user = acc.users.byLogin(q.data.account);
    if (!user) return fail('No such account');
    return ok({ expired: acc.sessions.expire(user.id) });
  });

  app.post('/api/_test/kycReview', async (req) => {
    const q = KycReviewQuery.safeParse(req.query ?? {});
    if (!q.success) return fail(issueMessage(q.error));
    const user = acc.users.byLogin(q.data.account);
    if (!user) return fail('No such account');
    const r = acc.db
      .prepare("UPDATE kyc SET state = ?, updated_at = ? WHERE user_id = ? AND level = ? AND state = 'pending'")
      .run(q.data.state, acc.clock.now(), user.id, q.data.level);
    return r.changes === 1 ? ok(null) : fail('No pending verification at this level');
  });
}
