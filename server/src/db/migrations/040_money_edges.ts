/**
 * Money edges of the security audit (docs/spec/security.md):
 * - SAFE-21: transaction hashes in their network's one canonical spelling (src/shared/wallet/txHash.ts, frozen
 *   here as it was written): rows of `deposits` and `deposit_declarations` written before are rewritten. A row
 *   whose canonical hash another row already holds (one payment recorded twice before this rule) keeps its old
 *   spelling, so nothing is lost; the ledger's journal is not touched (it is append-only).
 * - SAFE-24: `withdrawals.amount_key`, the amount as a fixed-width text (30 integer digits, '.', 30 decimals)
 *   that sorts exactly as the decimal does, so auto-approval selects `amount <= max` in SQL without floats.
 */
import type Database from 'better-sqlite3';

function family(network: string): 'tron' | 'evm' | 'bitcoin' | 'xrp' | undefined {
  const n = network.trim().toUpperCase();
  if (/TRC-?20$/.test(n) || n === 'TRX' || n === 'TRON') return 'tron';
  if (/(ERC-?20|BEP-?20|ARBITRUM|POLYGON|OPTIMISM)$/.test(n) || n === 'ETH') return 'evm';
  if (n === 'BTC' || n === 'BITCOIN') return 'bitcoin';
  if (n === 'XRP' || n === 'RIPPLE') return 'xrp';
  return undefined;
}

function canonical(network: string, hash: string): string {
  const hex = /^0x/i.test(hash) ? hash.slice(2) : hash;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return hash;
  const f = family(network);
  if (f === 'evm') return `0x${hex.toLowerCase()}`;
  if (f === 'xrp') return hex.toUpperCase();
  if (f) return hex.toLowerCase();
  return hash;
}

function amountKey(amount: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m || m[1].length > 30 || (m[2] ?? '').length > 30) throw new Error(`not a plain decimal amount: ${amount}`);
  return `${m[1].padStart(30, '0')}.${(m[2] ?? '').padEnd(30, '0')}`;
}

export function up(db: Database.Database): void {
  for (const table of ['deposits', 'deposit_declarations']) {
    const rows = db.prepare(`SELECT id, network, tx_hash FROM ${table}`).all() as {
      id: number;
      network: string;
      tx_hash: string;
    }[];
    const taken = db.prepare(`SELECT 1 FROM ${table} WHERE tx_hash = ?`).pluck();
    const set = db.prepare(`UPDATE ${table} SET tx_hash = ? WHERE id = ?`);
    for (const r of rows) {
      const c = canonical(r.network, r.tx_hash);
      if (c !== r.tx_hash && !taken.get(c)) set.run(c, r.id);
    }
  }
  db.exec(`ALTER TABLE withdrawals ADD COLUMN amount_key TEXT NOT NULL DEFAULT ''`);
  const rows = db.prepare('SELECT id, amount FROM withdrawals').all() as { id: number; amount: string }[];
  const set = db.prepare('UPDATE withdrawals SET amount_key = ? WHERE id = ?');
  for (const r of rows) set.run(amountKey(r.amount), r.id);
  db.exec('CREATE INDEX withdrawals_pending_amount ON withdrawals(status, amount_key, created_at)');
}
