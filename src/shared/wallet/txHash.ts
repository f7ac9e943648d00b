/**
 * One canonical spelling of a transaction hash per chain family (SAFE-21), so a deposit, a declared payment
 * and the operator's match are the same transaction however the hash was written. Every family here hashes to
 * 32 bytes (64 hex digits):
 * - evm (ERC20, BEP20, ETH...): "0x" + 64 lower-case hex digits;
 * - tron (TRC20) and bitcoin: 64 lower-case hex digits, no prefix;
 * - xrp: 64 upper-case hex digits, no prefix (as XRP ledgers print them).
 * A "0x" prefix is accepted and dropped (or kept, on evm) on every family; anything else is refused by name.
 */
import type { ChainFamily } from './depositNetworks';

export type TxHashCheck = { ok: true; hash: string } | { ok: false; msg: string };

const HEX64 = /^[0-9a-fA-F]{64}$/;

export function canonicalTxHash(family: ChainFamily, network: string, given: string): TxHashCheck {
  const raw = given.trim();
  const hex = /^0x/i.test(raw) ? raw.slice(2) : raw;
  if (!HEX64.test(hex))
    return {
      ok: false,
      msg: `Transaction hash: a ${network} transaction hash is 64 hexadecimal digits${family === 'evm' ? ' (with or without 0x)' : ''}`,
    };
  switch (family) {
    case 'evm':
      return { ok: true, hash: `0x${hex.toLowerCase()}` };
    case 'xrp':
      return { ok: true, hash: hex.toUpperCase() };
    case 'tron':
    case 'bitcoin':
      return { ok: true, hash: hex.toLowerCase() };
  }
}
