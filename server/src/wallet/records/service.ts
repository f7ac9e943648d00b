/**
 * The financial records (REC-1..4): every journal row that touched the user, one record per row, account and
 * coin, with the signed change of that account's balance (available + frozen) and of its frozen part, newest
 * first, filterable by kind, coin and server time, paged. Read from the journal itself, so a record can never
 * disagree with the books.
 */
import { Decimal } from '../../../../src/shared/decimal';
import type { FinancialRecord, FinancialRecords } from '../../../../src/shared/schemas/exchange';
import type { RecordFilter, RecordGroup, RecordsStore } from './store';

export interface RecordsPage {
  pageNum: number;
  pageSize: number;
}

function toRecord(g: RecordGroup): FinancialRecord {
  let total = new Decimal(0);
  let frozen = new Decimal(0);
  for (const part of g.entries.split(';')) {
    const i = part.indexOf(':');
    const amount = new Decimal(part.slice(i + 1));
    total = total.plus(amount);
    if (part.slice(0, i) === 'frozen') frozen = frozen.plus(amount);
  }
  return {
    id: g.id,
    kind: g.kind,
    coin: g.coin,
    account: g.account as FinancialRecord['account'],
    amount: total.toFixed(),
    frozen: frozen.toFixed(),
    time: g.time,
    ref: g.ref,
    memo: g.memo,
  };
}

export class FinancialRecordsService {
  constructor(private readonly store: RecordsStore) {}

  list(f: RecordFilter, p: RecordsPage): FinancialRecords {
    const rows = this.store.page(f, p.pageSize, (p.pageNum - 1) * p.pageSize).map(toRecord);
    return { rows, total: this.store.count(f) };
  }
}
