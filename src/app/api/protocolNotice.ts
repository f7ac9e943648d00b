/**
 * CONF-13: the one notice telling the user that the backend speaks a newer major version of the contract than this
 * app knows. The HTTP client hands every reply's X-Protocol-Version here; the shell renders `protocolNotice`.
 * Shown at most once per browser session (sessionStorage), dismissible, never blocking.
 */
import { proxy } from 'valtio';
import { backendIsNewerMajor } from '../../shared/contractVersion';
import { StorageKeys } from '../../shared/storageKeys';
import { readString, writeString } from '../state/storage';

export const protocolNotice = proxy({ open: false });

let decided = false;

/** Called with each reply's announced version (null when absent); decides once per page load. */
export function noteContractVersion(announced: string | null): void {
  if (decided || announced === null) return;
  decided = true;
  if (!backendIsNewerMajor(announced)) return;
  if (readString(StorageKeys.protocolNoticeShown, 'session') === '1') return;
  writeString(StorageKeys.protocolNoticeShown, '1', 'session');
  protocolNotice.open = true;
}

export function dismissProtocolNotice(): void {
  protocolNotice.open = false;
}

/** Tests: forget this page load's decision. */
export function resetProtocolNotice(): void {
  decided = false;
  protocolNotice.open = false;
}
