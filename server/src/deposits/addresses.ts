/**
 * Deposit addresses in each network's own format (DEP-2), derived from the chain secret, the user and the
 * network with HMAC-SHA256, so the same user always gets the same address (they are stored besides):
 * - tron (TRC20): base58check of 0x41 + 20 bytes: 34 characters starting with "T";
 * - evm (ERC20, ETH...): "0x" + 40 lower-case hex digits (a valid address; EIP-55 mixed-case checksums need
 *   keccak-256, which node:crypto lacks, and lower case is what every wallet accepts);
 * - bitcoin: bech32 P2WPKH (witness v0, 20-byte program): "bc1q" + 38 characters;
 * - xrp: one house address per network (base58check with the XRP alphabet, starting with "r"), the user told
 *   apart by a 9-digit destination tag, the memo.
 */
import { createHash, createHmac } from 'node:crypto';
import type { ChainFamily } from '../../../src/shared/wallet/depositNetworks';

const BTC_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function hmac(secret: string, what: string): Buffer {
  return createHmac('sha256', secret).update(what).digest();
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

export function base58(bytes: Buffer, alphabet = BTC_ALPHABET): string {
  let n = BigInt('0x' + (bytes.toString('hex') || '0'));
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = alphabet[0] + out;
  }
  return out;
}

export function base58check(payload: Buffer, alphabet = BTC_ALPHABET): string {
  const sum = sha256(sha256(payload)).subarray(0, 4);
  return base58(Buffer.concat([payload, sum]), alphabet);
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

export function bech32Polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i];
  }
  return chk;
}

export function bech32HrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

function toWords(bytes: Buffer): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** A segwit v0 address (bech32, BIP-173) of a 20-byte program. */
export function segwitV0(hrp: string, program: Buffer): string {
  const data = [0, ...toWords(program)];
  const mod = bech32Polymod([...bech32HrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const sum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...sum].map((d) => BECH32[d]).join('')}`;
}

export interface DerivedAddress {
  address: string;
  memo: string;
}

/**
 * The address of `userId` on `network`; `attempt` > 0 derives another one (used only if a memo collides with
 * another user's, which the store's unique index reports).
 */
export function deriveAddress(
  secret: string,
  family: ChainFamily,
  network: string,
  userId: number,
  attempt = 0,
): DerivedAddress {
  const net = network.toUpperCase();
  const seed = hmac(secret, `${family}:${net}:${userId}:${attempt}`);
  switch (family) {
    case 'tron':
      return { address: base58check(Buffer.concat([Buffer.from([0x41]), seed.subarray(0, 20)])), memo: '' };
    case 'evm':
      return { address: '0x' + seed.subarray(0, 20).toString('hex'), memo: '' };
    case 'bitcoin':
      return { address: segwitV0('bc', seed.subarray(0, 20)), memo: '' };
    case 'xrp': {
      const house = hmac(secret, `${family}:${net}:house`).subarray(0, 20);
      const tag = 100_000_000 + (seed.readUInt32BE(0) % 900_000_000);
      return { address: base58check(Buffer.concat([Buffer.from([0]), house]), XRP_ALPHABET), memo: String(tag) };
    }
  }
}

/** A new random transaction hash in the network's usual spelling (0x-prefixed on evm chains). */
export function randomTxHash(family: ChainFamily, random: () => Buffer): string {
  const hex = random().toString('hex');
  return family === 'evm' ? `0x${hex}` : hex;
}
