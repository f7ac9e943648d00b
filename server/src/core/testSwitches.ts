/**
 * The trading core's test switches (TEST_SWITCHES=1, never in production; SAFE-2):
 * - `POST /api/_test/core/failNextPost?kind=spot_fill`: the next ledger post of that journal kind fails, inside
 *   whatever batch it falls in (CORE-2's fault test: the whole batch is refused, the books unchanged);
 * - `GET /api/_test/core/state`: the state hash of the books now, the journal's last seq and the batch counts
 *   (CORE-5's crash test compares the hash with a replay of the journal).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../../../src/shared/api/envelope';
import { issueMessage } from '../http/failures';
import type { Ledger } from '../ledger/service';
import type { TradingCore } from './core';
import type { CoreStore } from './store';

const FailQuery = z.object({ kind: z.string().regex(/^[a-z_]{1,40}$/) });

export function registerCoreTestSwitches(
  app: FastifyInstance,
  enabled: boolean,
  deps: { core: TradingCore; ledger: Ledger; store: CoreStore },
): void {
  if (!enabled) return;
  app.post('/api/_test/core/failNextPost', async (req) => {
    const q = FailQuery.safeParse(req.query ?? {});
    if (!q.success) return fail(issueMessage(q.error));
    deps.ledger.failNextPost(q.data.kind);
    return ok(null);
  });
  app.get('/api/_test/core/state', async () =>
    ok({ stateHash: deps.core.stateHash(), lastSeq: deps.store.lastSeq(), ...deps.core.stats }),
  );
}
