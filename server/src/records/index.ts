/**
 * Builds the trade records from the server's context and mounts their routes (so app.ts needs one line).
 * record/trading and record/option are mounted by the futures and options modules; record/second by seconds.
 */
import type { ServerContext } from '../context';
import type { IdentityRouter } from '../identity/service';
import type { SpotService } from '../spot/service';
import { registerRecordRoutes } from './routes';
import { Records, type RecordsDeps } from './service';
import { sqliteRecordsStore } from './store';

export function mountRecords(
  r: IdentityRouter,
  ctx: ServerContext,
  spot: Pick<SpotService, 'fills'>,
  broker?: RecordsDeps['broker'],
): Records {
  const records = new Records({
    store: sqliteRecordsStore(ctx.db),
    spotFills: (userId, q) => spot.fills(userId, q),
    broker,
  });
  registerRecordRoutes(r, records);
  return records;
}
