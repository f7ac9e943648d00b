/** The SQL of deposits (DEP-*): addresses, the chain's state, deposits seen on the chain, declared payments. */
import type Database from 'better-sqlite3';
import type { DepositRow } from '../../../src/shared/schemas/recharge';

export interface AddressRow {
  user_id: number;
  network: string;
  coin: string;
  address: string;
  memo: string;
}

export interface ChainDepositRow {
  id: number;
  user_id: number;
  coin: string;
  network: string;
  address: string;
  memo: string;
  amount: string;
  tx_hash: string;
  confirmations: number;
  required: number;
  status: 'confirming' | 'credited' | 'below_minimum';
  declared: number;
  created_at: number;
  updated_at: number;
}

export interface DeclarationRow {
  id: number;
  user_id: number;
  coin: string;
  network: string;
  amount: string;
  tx_hash: string;
  voucher: string | null;
  status: 'pending' | 'matched';
  deposit_id: number | null;
  created_at: number;
  updated_at: number;
}

export function depositStore(db: Database.Database) {
  const q = {
    state: db.prepare('SELECT value FROM chain_state WHERE key = ?').pluck(),
    setState: db.prepare(
      'INSERT INTO chain_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ),
    address: db.prepare('SELECT * FROM deposit_addresses WHERE user_id = ? AND network = ?'),
    byAddress: db.prepare('SELECT * FROM deposit_addresses WHERE address = ? AND memo = ?'),
    addressTaken: db.prepare('SELECT 1 FROM deposit_addresses WHERE network = ? AND address = ? AND memo = ?').pluck(),
    memoNetwork: db.prepare('SELECT 1 FROM deposit_addresses WHERE address = ? AND memo <> ? LIMIT 1').pluck(),
    insertAddress: db.prepare(
      'INSERT INTO deposit_addresses (user_id, network, coin, address, memo, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    deposit: db.prepare('SELECT * FROM deposits WHERE id = ?'),
    depositByHash: db.prepare('SELECT * FROM deposits WHERE tx_hash = ?'),
    insertDeposit: db.prepare(
      `INSERT INTO deposits (user_id, coin, network, address, memo, amount, tx_hash, confirmations, required, status,
         declared, created_at, updated_at) VALUES (@user_id, @coin, @network, @address, @memo, @amount, @tx_hash,
         @confirmations, @required, @status, @declared, @created_at, @updated_at)`,
    ),
    confirming: db.prepare("SELECT * FROM deposits WHERE status = 'confirming' ORDER BY id"),
    setDeposit: db.prepare('UPDATE deposits SET confirmations = ?, status = ?, updated_at = ? WHERE id = ?'),
    markDeclared: db.prepare('UPDATE deposits SET declared = 1, updated_at = ? WHERE id = ?'),
    declaration: db.prepare('SELECT * FROM deposit_declarations WHERE id = ?'),
    declarationByHash: db.prepare('SELECT * FROM deposit_declarations WHERE tx_hash = ?'),
    insertDeclaration: db.prepare(
      `INSERT INTO deposit_declarations (user_id, coin, network, amount, tx_hash, voucher, status, deposit_id,
         created_at, updated_at) VALUES (@user_id, @coin, @network, @amount, @tx_hash, @voucher, @status,
         @deposit_id, @created_at, @updated_at)`,
    ),
    matchDeclaration: db.prepare(
      "UPDATE deposit_declarations SET status = 'matched', deposit_id = ?, updated_at = ? WHERE id = ?",
    ),
    count: db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM deposits WHERE user_id = @u)
              + (SELECT COUNT(*) FROM deposit_declarations WHERE user_id = @u AND status = 'pending')`,
      )
      .pluck(),
    page: db.prepare(
      `SELECT * FROM (
         SELECT 'c' || id AS id, coin, network, amount, tx_hash AS txHash, status, confirmations, required,
                declared, created_at AS createTime, updated_at AS updateTime
           FROM deposits WHERE user_id = @u
         UNION ALL
         SELECT 'p' || d.id, d.coin, d.network, d.amount, d.tx_hash, 'declared', 0, @required, 1, d.created_at,
                d.updated_at
           FROM deposit_declarations d WHERE d.user_id = @u AND d.status = 'pending'
       ) ORDER BY createTime DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
  };
  return {
    state: (key: string) => q.state.get(key) as string | undefined,
    setState: (key: string, value: string) => void q.setState.run(key, value),
    address: (userId: number, network: string) => q.address.get(userId, network) as AddressRow | undefined,
    byAddress: (address: string, memo: string) => q.byAddress.get(address, memo) as AddressRow | undefined,
    addressTaken: (network: string, address: string, memo: string) => q.addressTaken.get(network, address, memo) === 1,
    /** Is `address` a shared address whose users are told apart by memos? */
    isMemoAddress: (address: string) => q.memoNetwork.get(address, '') === 1,
    insertAddress: (r: AddressRow, now: number) =>
      void q.insertAddress.run(r.user_id, r.network, r.coin, r.address, r.memo, now),
    deposit: (id: number) => q.deposit.get(id) as ChainDepositRow | undefined,
    depositByHash: (hash: string) => q.depositByHash.get(hash) as ChainDepositRow | undefined,
    insertDeposit: (r: Omit<ChainDepositRow, 'id'>) => Number(q.insertDeposit.run(r).lastInsertRowid),
    confirming: () => q.confirming.all() as ChainDepositRow[],
    setDeposit: (id: number, confirmations: number, status: ChainDepositRow['status'], now: number) =>
      void q.setDeposit.run(confirmations, status, now, id),
    markDeclared: (id: number, now: number) => void q.markDeclared.run(now, id),
    declaration: (id: number) => q.declaration.get(id) as DeclarationRow | undefined,
    declarationByHash: (hash: string) => q.declarationByHash.get(hash) as DeclarationRow | undefined,
    insertDeclaration: (r: Omit<DeclarationRow, 'id'>) => Number(q.insertDeclaration.run(r).lastInsertRowid),
    matchDeclaration: (id: number, depositId: number, now: number) => void q.matchDeclaration.run(depositId, now, id),
    /** The caller's deposits and pending declarations, newest first (a declaration's `required` is `required`). */
    page(userId: number, pageNum: number, pageSize: number, required: number): { total: number; rows: DepositRow[] } {
      const total = q.count.get({ u: userId }) as number;
      const rows = (
        q.page.all({ u: userId, required, limit: pageSize, offset: (pageNum - 1) * pageSize }) as (Omit<
          DepositRow,
          'declared'
        > & { declared: number })[]
      ).map((r) => ({ ...r, declared: r.declared === 1 }));
      return { total, rows };
    },
  };
}

export type DepositStore = ReturnType<typeof depositStore>;
