/**
 * The wallet's rules: the caller's balances per account and coin, and transfers between the three accounts
 * (spec 7.2; LEDGER-8). A transfer is one journal row of kind `transfer` (from -amount, to +amount), instant;
 * the ledger refuses it when the from account's available balance is short, inside the writing transaction.
 * Amounts arrive checked and canonical (src/shared/schemas/wallet.ts TransferBody).
 */
import type { AssetEntry } from '../../../src/shared/schemas/user';
import type { TransferResult } from '../../../src/shared/schemas/wallet';
import { ApiFail } from '../http/failures';
import type { Ledger } from '../ledger/service';
import { USER_ACCOUNTS, type UserAccount } from '../ledger/types';

export interface WalletDeps {
  ledger: Ledger;
  /** Is this (upper-case) coin listed on the platform? */
  coinListed(coin: string): boolean;
  /** A new unique id (a transfer's reference). */
  newId(): string;
}

export interface TransferInput {
  fromAccount: UserAccount;
  toAccount: UserAccount;
  coin: string;
  amount: string;
}

/** Every account shows at least its USDT row, so the three tabs are never missing (spec 2.4). */
const ALWAYS = 'USDT';

export class Wallet {
  constructor(private readonly deps: WalletDeps) {}

  balances(userId: number): AssetEntry[] {
    const rows = this.deps.ledger.balances(userId);
    for (const account of USER_ACCOUNTS)
      if (!rows.some((r) => r.account === account && r.coin === ALWAYS))
        rows.push({ account, coin: ALWAYS, available: '0', frozen: '0' });
    const order = (a: UserAccount) => USER_ACCOUNTS.indexOf(a);
    return rows.sort((a, b) => order(a.account) - order(b.account) || a.coin.localeCompare(b.coin));
  }

  transfer(userId: number, t: TransferInput): TransferResult {
    if (t.fromAccount === t.toAccount) throw new ApiFail('Choose two different accounts');
    if (!this.deps.coinListed(t.coin)) throw new ApiFail(`Unknown coin ${t.coin}`);
    const { ledger } = this.deps;
    const id = this.deps.newId();
    const journal = ledger.post({
      kind: 'transfer',
      ref: id,
      userId,
      memo: `${t.fromAccount} -> ${t.toAccount}`,
      entries: [
        { userId, account: t.fromAccount, coin: t.coin, amount: `-${t.amount}` },
        { userId, account: t.toAccount, coin: t.coin, amount: t.amount },
      ],
    });
    const entry = (account: UserAccount): AssetEntry => ({
      account,
      coin: t.coin,
      ...ledger.balance(userId, account, t.coin),
    });
    return {
      id,
      fromAccount: t.fromAccount,
      toAccount: t.toAccount,
      coin: t.coin,
      amount: t.amount,
      time: journal.time,
      balances: [entry(t.fromAccount), entry(t.toAccount)],
    };
  }
}
