/**
 * Development-only routes (never in production, SAFE-1, SAFE-2):
 * - GET  /api/_test/outbox[?to=<address>][&limit=<n>]: the latest codes sent (newest first), to one email or phone
 *   or, without `to`, to every address (the app's development mailbox page, DEV-1); 10 by default with `to`, 50
 *   without; only when the development mailbox is on (a loopback bind, or DEV_MAILBOX=1);
 * - POST /api/_test/expireTokens[?account=<login>]: expires every session, or one user's (TEST_SWITCHES=1);
 * - POST /api/_test/kycReview?account=<login>&level=primary|senior&state=approved|rejected (TEST_SWITCHES=1):
 *   stands in for the admin side, which is not part of this product.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../../../../src/shared/api/envelope';
import { KycLevel } from '../../../../src/shared/schemas/user';
import { OutboxQuery } from '../../../../src/shared/api/dev';
import type { Identity } from '../service';
import { readOutbox } from '../codes';
import { issueMessage } from '../../http/failures';

const AccountQuery = z.object({ account: z.string().min(1).optional() });
const KycReviewQuery = z.object({
  account: z.string().min(1),
  level: KycLevel,
  state: z.enum(['approved', 'rejected']),
});

export function registerTestRoutes(app: FastifyInstance, acc: Identity): void {
  if (acc.production) return;
  if (acc.devMailbox) {
    app.get('/api/_test/outbox', async (req) => {
      const q = OutboxQuery.safeParse(req.query);
      if (!q.success) return fail(issueMessage(q.error));
      const { to, limit } = q.data;
      return ok(readOutbox(acc.db, to, limit ?? (to === undefined ? 50 : 10)));
    });
  }

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
