/**
 * Deposits (DEP-1..9): addresses per user and network, the simulated chain, crediting through the ledger,
 * payment declarations. The rules live here; SQL in ./store.ts, address formats in ./addresses.ts, which networks
 * are open in src/shared/wallet/depositNetworks.ts (read from the settings at each call).
 *
 * The chain: a deposit put on it (`chainDeposit`, from the operator's CLI) is recorded at once with the
 * confirmations it already has; each block (`step`, a scheduler job) adds one to every confirming deposit; at
 * the network's requirement it is credited, one journal row of kind `deposit` from `house:deposits` to the
 * owner's platform account with the transaction hash as its reference, so `posted()` makes it exactly-once.
 * Below the network's minimum a deposit is recorded as `below_minimum` and never credited. Every change of a
 * deposit's state or confirmations is told to its owner's open tabs (`statusChanged`, kind `deposit`).
 */
import { randomBytes } from 'node:crypto';
import { checkAmount } from '../../../src/shared/amount';
import type { DepositAddress, DepositRow } from '../../../src/shared/schemas/recharge';
import {
  compareDecimal,
  depositNetworks,
  findDepositNetwork,
  type DepositNetwork,
  type DepositSettings,
} from '../../../src/shared/wallet/depositNetworks';
import { canonicalTxHash } from '../../../src/shared/wallet/txHash';
import type { StatusEvent } from '../events/userEvents';
import { ApiFail } from '../http/failures';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import type { Job } from '../time/scheduler';
import { deriveAddress, randomTxHash } from './addresses';
import type { ChainDepositRow, DepositStore } from './store';

export interface DepositDeps {
  store: DepositStore;
  ledger: Ledger;
  clock: Clock;
  /** The platform settings that open networks (read at each call: operators change them at run time). */
  settings(): DepositSettings;
  statusChanged(userId: number, event: StatusEvent): void;
  /** Does this user own this uploaded image (the voucher of a declaration)? */
  ownsUpload(userId: number, url: string): boolean;
  random?: (bytes: number) => Buffer;
}

export interface ChainDepositInput {
  address: string;
  amount: unknown;
  memo?: string;
  /** Confirmations the transaction already has when it is seen (default 0). */
  confirmations?: number;
  txHash?: string;
}

export interface DeclareInput {
  coin: string;
  symbol: string;
  amount: string;
  hash: string;
  voucher?: string;
}

export const HOUSE_DEPOSITS = 'house:deposits';

export class Deposits {
  private readonly random: (bytes: number) => Buffer;

  constructor(private readonly deps: DepositDeps) {
    this.random = deps.random ?? randomBytes;
  }

  networks(): DepositNetwork[] {
    return depositNetworks(this.deps.settings());
  }

  /** The chain's secret, made once and kept in the database (addresses survive restarts without it too). */
  private secret(): string {
    const { store } = this.deps;
    let s = store.state('secret');
    if (!s) {
      s = this.random(32).toString('hex');
      store.setState('secret', s);
    }
    return s;
  }

  private network(coin: string, symbol?: string): DepositNetwork {
    const nets = this.networks();
    const net = findDepositNetwork(nets, coin, symbol);
    if (net) return net;
    const c = coin.toUpperCase();
    if (!nets.some((n) => n.coin === c)) throw new ApiFail(`Deposits of ${c} are not open`);
    throw new ApiFail(
      `${c} cannot be deposited on ${symbol ?? '?'}; open networks: ${nets
        .filter((n) => n.coin === c)
        .map((n) => n.network)
        .join(', ')}`,
    );
  }

  /** The user's address on the network (made and stored on first ask). */
  address(userId: number, coin: string, symbol?: string): DepositAddress {
    const net = this.network(coin, symbol);
    const { store, ledger } = this.deps;
    const row = ledger.transaction(() => {
      const have = store.address(userId, net.network);
      if (have) return have;
      const secret = this.secret();
      for (let attempt = 0; attempt < 10; attempt++) {
        const d = deriveAddress(secret, net.family, net.network, userId, attempt);
        if (store.addressTaken(net.network, d.address, d.memo)) continue;
        const r = { user_id: userId, network: net.network, coin: net.coin, address: d.address, memo: d.memo };
        store.insertAddress(r, this.deps.clock.now());
        return r;
      }
      throw new Error(`no free deposit address for user ${userId} on ${net.network}`);
    });
    return {
      coin: net.coin,
      network: net.network,
      address: row.address,
      ...(row.memo ? { memo: row.memo } : {}),
      minAmount: net.minAmount,
      ...(net.maxAmount ? { maxAmount: net.maxAmount } : {}),
      confirmations: net.confirmations,
    };
  }

  /** Puts a transaction on the simulated chain (the operator's CLI); returns the deposit it became. */
  chainDeposit(input: ChainDepositInput): DepositRow {
    const { store, ledger, clock } = this.deps;
    const raw = typeof input.address === 'string' ? input.address.trim() : '';
    if (!raw) throw new ApiFail('address: give the deposit address');
    const memo = (input.memo ?? '').trim();
    const addr = store.byAddress(raw, memo) ?? store.byAddress(raw.toLowerCase(), memo) ?? this.memoless(raw, memo);
    const net = findDepositNetwork(this.networks(), addr.coin, addr.network);
    if (!net) throw new ApiFail(`Network ${addr.network} is closed for deposits`);
    const amount = checkAmount(input.amount, net.coin);
    if (!amount.ok) throw new ApiFail(amount.msg);
    const hash = this.canonicalHash(net, input.txHash ?? randomTxHash(net.family, () => this.random(32)));
    const given = input.confirmations ?? 0;
    if (!Number.isInteger(given) || given < 0 || given > 1_000_000)
      throw new ApiFail('confirmations: a whole number from 0');
    const now = clock.now();
    const row = ledger.transaction(() => {
      if (store.depositByHash(hash)) throw new ApiFail(`Transaction ${hash} is already on the chain`);
      const below = compareDecimal(amount.amount, net.minAmount) < 0;
      const confirmations = Math.min(given, net.confirmations);
      const decl = store.declarationByHash(hash);
      const matches =
        decl?.status === 'pending' &&
        decl.user_id === addr.user_id &&
        decl.network === net.network &&
        decl.amount === amount.amount;
      const id = store.insertDeposit({
        user_id: addr.user_id,
        coin: net.coin,
        network: net.network,
        address: addr.address,
        memo: addr.memo,
        amount: amount.amount,
        tx_hash: hash,
        confirmations,
        required: net.confirmations,
        status: below ? 'below_minimum' : 'confirming',
        declared: matches ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      if (matches && decl) store.matchDeclaration(decl.id, id, now);
      const r = store.deposit(id);
      if (!r) throw new Error('deposit row vanished');
      if (r.status === 'confirming' && confirmations >= net.confirmations) this.credit(r, now);
      return store.deposit(id) as ChainDepositRow;
    });
    this.tell(row);
    return toRow(row);
  }

  /** The hash in its network's one spelling (SAFE-21), or refused by name. */
  private canonicalHash(net: DepositNetwork, given: string): string {
    const h = canonicalTxHash(net.family, net.network, given);
    if (!h.ok) throw new ApiFail(h.msg);
    return h.hash;
  }

  /**
   * A memo network's shared address without its memo (or with a wrong one), or a memo on a network that has
   * none (SAFE-27): refused, naming the problem.
   */
  private memoless(address: string, memo: string): never {
    const { store } = this.deps;
    if (memo) {
      const plain = store.byAddress(address, '') ?? store.byAddress(address.toLowerCase(), '');
      if (plain) throw new ApiFail(`${plain.network} deposits have no memo: send it without ${memo}`);
    }
    if (store.isMemoAddress(address))
      throw new ApiFail(
        memo
          ? `No account has memo ${memo} on ${address}: the deposit cannot be credited to anyone`
          : `${address} needs a memo (destination tag): without it the deposit cannot be credited to anyone`,
      );
    throw new ApiFail(`No account has the deposit address ${address}`);
  }

  /** Inside the caller's transaction: the journal row (once) and the status. */
  private credit(r: ChainDepositRow, now: number): void {
    const { ledger, store } = this.deps;
    if (!ledger.posted('deposit', r.tx_hash))
      ledger.post({
        kind: 'deposit',
        ref: r.tx_hash,
        userId: r.user_id,
        memo: `${r.network} deposit`,
        entries: [
          { house: HOUSE_DEPOSITS, coin: r.coin, amount: `-${r.amount}` },
          { userId: r.user_id, account: 'platform', coin: r.coin, amount: r.amount },
        ],
      });
    store.setDeposit(r.id, r.required, 'credited', now);
  }

  private tell(r: ChainDepositRow): void {
    this.deps.statusChanged(r.user_id, { kind: 'deposit', id: `c${r.id}`, status: r.status });
  }

  /** One block: every confirming deposit gains a confirmation; those that reach the requirement are credited. */
  step(now: number): void {
    const { store, ledger } = this.deps;
    const changed = ledger.transaction(() => {
      const height = Number(store.state('height') ?? '0') + 1;
      store.setState('height', String(height));
      const out: ChainDepositRow[] = [];
      for (const r of store.confirming()) {
        const c = r.confirmations + 1;
        if (c >= r.required) this.credit(r, now);
        else store.setDeposit(r.id, c, 'confirming', now);
        out.push(store.deposit(r.id) as ChainDepositRow);
      }
      return out;
    });
    for (const r of changed) this.tell(r);
  }

  /** The chain's block job: one block every `everyMs`. */
  blockJob(everyMs: number): Job {
    return { name: 'chain-blocks', everyMs, step: (now) => this.step(now) };
  }

  /** The chain's height (blocks made since the data folder was new). */
  height(): number {
    return Number(this.deps.store.state('height') ?? '0');
  }

  /** payAddress: a declared payment, pending until the chain or the operator matches it. */
  declare(userId: number, d: DeclareInput): DepositRow {
    const { store, clock } = this.deps;
    const net = this.network(d.coin, d.symbol);
    if (compareDecimal(d.amount, net.minAmount) < 0)
      throw new ApiFail(`The minimum deposit on ${net.network} is ${net.minAmount} ${net.coin}`);
    if (net.maxAmount && compareDecimal(d.amount, net.maxAmount) > 0)
      throw new ApiFail(`The maximum deposit on ${net.network} is ${net.maxAmount} ${net.coin}`);
    if (d.voucher && !this.deps.ownsUpload(userId, d.voucher))
      throw new ApiFail('Voucher image not found, please upload it again');
    const hash = this.canonicalHash(net, d.hash);
    const now = clock.now();
    const out = this.deps.ledger.transaction((): DepositRow => {
      if (store.declarationByHash(hash)) throw new ApiFail(`Transaction ${hash} has already been declared`);
      const seen = store.depositByHash(hash);
      const id = store.insertDeclaration({
        user_id: userId,
        coin: net.coin,
        network: net.network,
        amount: d.amount,
        tx_hash: hash,
        voucher: d.voucher ?? null,
        status: 'pending',
        deposit_id: null,
        created_at: now,
        updated_at: now,
      });
      if (seen) {
        if (seen.user_id !== userId || seen.network !== net.network || seen.amount !== d.amount)
          throw new ApiFail(
            `Transaction ${hash} is on the chain with another address or amount: check the hash and the amount`,
          );
        store.matchDeclaration(id, seen.id, now);
        store.markDeclared(seen.id, now);
        return toRow(store.deposit(seen.id) as ChainDepositRow);
      }
      return {
        id: `p${id}`,
        coin: net.coin,
        network: net.network,
        amount: d.amount,
        txHash: hash,
        status: 'declared',
        confirmations: 0,
        required: net.confirmations,
        declared: true,
        createTime: now,
        updateTime: now,
      };
    });
    this.deps.statusChanged(userId, { kind: 'deposit', id: out.id, status: out.status });
    return out;
  }

  /**
   * The operator matches a pending declaration (they saw the payment arrive): it becomes a credited deposit
   * under its hash, so the chain cannot credit the same transaction again.
   */
  operatorMatch(declarationId: number): DepositRow {
    const { store, ledger, clock } = this.deps;
    const now = clock.now();
    const row = ledger.transaction(() => {
      const d = store.declaration(declarationId);
      if (!d) throw new ApiFail(`No declaration ${declarationId}`);
      if (d.status !== 'pending') throw new ApiFail(`Declaration ${declarationId} is already matched`);
      if (store.depositByHash(d.tx_hash)) throw new ApiFail(`Transaction ${d.tx_hash} is already on the chain`);
      const addr = this.address(d.user_id, d.coin, d.network);
      const id = store.insertDeposit({
        user_id: d.user_id,
        coin: d.coin,
        network: d.network,
        address: addr.address,
        memo: addr.memo ?? '',
        amount: d.amount,
        tx_hash: d.tx_hash,
        confirmations: 0,
        required: addr.confirmations,
        status: 'confirming',
        declared: 1,
        created_at: now,
        updated_at: now,
      });
      store.matchDeclaration(d.id, id, now);
      this.credit(store.deposit(id) as ChainDepositRow, now);
      return store.deposit(id) as ChainDepositRow;
    });
    this.tell(row);
    return toRow(row);
  }

  list(userId: number, pageNum: number, pageSize: number): { total: number; rows: DepositRow[] } {
    const page = this.deps.store.page(userId, pageNum, pageSize, 1);
    const nets = this.networks();
    for (const r of page.rows)
      if (r.status === 'declared') r.required = findDepositNetwork(nets, r.coin, r.network)?.confirmations ?? 1;
    return page;
  }
}

function toRow(r: ChainDepositRow): DepositRow {
  return {
    id: `c${r.id}`,
    coin: r.coin,
    network: r.network,
    amount: r.amount,
    txHash: r.tx_hash,
    status: r.status,
    confirmations: r.confirmations,
    required: r.required,
    declared: r.declared === 1,
    createTime: r.created_at,
    updateTime: r.updated_at,
  };
}
