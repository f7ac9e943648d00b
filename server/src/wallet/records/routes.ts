/** The financial records' route (spec 7.2 record/financial; REC-*): thin, through the one Router. */
import { exchangeApi } from '../../../../src/shared/api/exchange';
import type { IdentityRouter } from '../../identity/service';
import type { FinancialRecordsService } from './service';

export function registerRecordsRoutes(r: IdentityRouter, records: FinancialRecordsService): void {
  r.route(exchangeApi.financialRecords, ({ user, query }) =>
    records.list(
      { userId: user.id, kind: query.type || undefined, coin: query.coin || undefined, from: query.from, to: query.to },
      { pageNum: query.pageNum, pageSize: query.pageSize },
    ),
  );
}
