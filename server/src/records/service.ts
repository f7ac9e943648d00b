/**
 * The trade records (RECS-*): one read per product, each paged, newest first, filtered by pair and by a time
 * window [from, to). The query shape (pageNum, pageSize, symbol format, from before to) is checked by the shared
 * `RecordQuery` before a handler runs; here the pair must also be one the exchange lists. Reads only: nothing here
 * writes a row or moves money.
 *
 * - spot (record/currency, RECS-3): the caller's spot fills, read through the spot module's own list.
 * - broker (record/broker, RECS-6): the copied positions that ended, from copy trading (server/src/follow).
 */
import type { RecordQuery } from '../../../src/shared/schemas/records';
import type { BrokerRecordPage } from '../../../src/shared/schemas/records';
import type { SpotFillPage } from '../../../src/shared/schemas/trading';
import { ApiFail } from '../http/failures';
import type { RecordsStore } from './store';

export interface RecordsDeps {
  store: RecordsStore;
  /** The spot module's fills list (SpotService.fills). */
  spotFills(userId: number, q: RecordQuery): SpotFillPage;
  /** Copy trading's ended copies (FollowService.broker); none without copy trading. */
  broker?(userId: number, q: RecordQuery): BrokerRecordPage;
}

export class Records {
  constructor(private readonly deps: RecordsDeps) {}

  /** RECS-3: the caller's spot fills with fee, fee coin and the public trade id. */
  spot(userId: number, q: RecordQuery): SpotFillPage {
    if (q.symbol && !this.deps.store.spotPairListed(q.symbol))
      throw new ApiFail(`Unknown pair ${q.symbol}: filter by a listed spot pair such as btcusdt, or leave it empty`);
    return this.deps.spotFills(userId, emptyAsAll(q));
  }

  /** RECS-6: the caller's copied positions that ended, from copy trading (COPY-14). */
  broker(userId: number, q: RecordQuery): BrokerRecordPage {
    return this.deps.broker?.(userId, emptyAsAll(q)) ?? { total: 0, rows: [] };
  }
}

/** An empty symbol means every pair. */
function emptyAsAll(q: RecordQuery): RecordQuery {
  return q.symbol ? q : { ...q, symbol: undefined };
}
