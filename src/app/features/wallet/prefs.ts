/**
 * The wallet's two view choices, stored so they hold across visits and tabs' reloads (WAL-4, WAL-5): the
 * hide-amounts eye (spec 3.1 `eyes`: "1" hides) and "hide small balances" ("1" hides).
 */
import { proxy } from 'valtio';
import { StorageKeys } from '../../../shared/storageKeys';
import { readString, writeString } from '../../state/storage';

export const walletPrefs = proxy({
  hideAmounts: readString(StorageKeys.eyes) === '1',
  hideSmall: readString(StorageKeys.hideSmallBalances) === '1',
});

export function setHideAmounts(on: boolean): void {
  walletPrefs.hideAmounts = on;
  writeString(StorageKeys.eyes, on ? '1' : '0');
}

export function setHideSmall(on: boolean): void {
  walletPrefs.hideSmall = on;
  writeString(StorageKeys.hideSmallBalances, on ? '1' : '0');
}

/** What a hidden amount shows instead of its digits. */
export const HIDDEN_AMOUNT = '******';
