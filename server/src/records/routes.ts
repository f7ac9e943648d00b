/** The trade records' routes (spec 7.4 record/currency, record/broker; RECS-*): thin, reads only. */
import { recordsApi } from '../../../src/shared/api/records';
import type { IdentityRouter } from '../identity/service';
import type { Records } from './service';

export function registerRecordRoutes(r: IdentityRouter, records: Records): void {
  r.route(recordsApi.spotRecords, ({ user, query }) => records.spot(user.id, query));
  r.route(recordsApi.brokerRecords, ({ user, query }) => records.broker(user.id, query));
}
