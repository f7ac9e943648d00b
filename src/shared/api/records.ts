/**
 * The trade records (spec 7.4 record/*; RECS rules in docs/spec/records.md): one call per product, each paged,
 * newest first, filtered by pair and time window. record/second is in trading.ts (built with second contracts).
 */
import { defineEndpoint } from './endpoint';
import { RecordQuery, FuturesRecordPage, BrokerRecordPage } from '../schemas/records';
import { SpotFillPage } from '../schemas/trading';
import { OptionOrderPage } from '../schemas/options';

export const recordsApi = {
  futuresRecords: defineEndpoint({
    method: 'GET',
    path: '/api/record/trading',
    summary: "The caller's futures records: fills (open, close, take-profit, stop-loss), liquidations and funding",
    query: RecordQuery,
    data: FuturesRecordPage,
    auth: true,
  }),
  spotRecords: defineEndpoint({
    method: 'GET',
    path: '/api/record/currency',
    summary: "The caller's spot fills with their fees",
    query: RecordQuery,
    data: SpotFillPage,
    auth: true,
  }),
  optionRecords: defineEndpoint({
    method: 'GET',
    path: '/api/record/option',
    summary: "The caller's settled options with their audit (the entry trade and the last trade at or before expiry)",
    query: RecordQuery,
    data: OptionOrderPage,
    auth: true,
  }),
  brokerRecords: defineEndpoint({
    method: 'GET',
    path: '/api/record/broker',
    summary: "The caller's copy-trading records (empty until copy trading lands)",
    query: RecordQuery,
    data: BrokerRecordPage,
    auth: true,
  }),
};
