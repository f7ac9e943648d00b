/**
 * Which coins and networks are open for deposits, and their minimums (DEP-1), read from the platform settings
 * by the server (getAdress, the chain simulator) and by the /recharge screen alike, so the two never disagree.
 *
 * The reading of the settings (spec 3.3, 9.3):
 * - every ASSET_COIN entry with `useSys` on opens its network (`coinName`, e.g. "USDT-TRC20") for its `coin`,
 *   with `rechargeMin` as the minimum and `rechargeMax` as the largest declaration (payAddress);
 * - every open crypto channel of WITHDRAWAL_CHANNEL_SETTING (`status` on, `type` 0, `useSys` on) opens the same
 *   network for deposits too (what can leave on a network can arrive on it), with the channel's own minimum
 *   (`withdrawalMix`) unless ASSET_COIN names that network; bank channels (`type` 1) take no deposits;
 * - ASSET_COIN's `coinAddress` (one shared collection address of the house) is not used: every user gets an
 *   own address, so a deposit is credited to whoever owns the address, never guessed;
 * - a network is open only if its chain family is known (its address format and confirmations below).
 */

/** Address families of the simulated chains: format, confirmations and whether a memo tells users apart. */
export type ChainFamily = 'tron' | 'evm' | 'bitcoin' | 'xrp';

export interface ChainFamilyInfo {
  /** Confirmations a deposit needs before it is credited. */
  confirmations: number;
  /** One house address per network, users told apart by a memo (destination tag). */
  memo: boolean;
}

export const CHAIN_FAMILIES: Readonly<Record<ChainFamily, ChainFamilyInfo>> = {
  tron: { confirmations: 20, memo: false },
  evm: { confirmations: 12, memo: false },
  bitcoin: { confirmations: 3, memo: false },
  xrp: { confirmations: 1, memo: true },
};

/** The chain family of a network name ("USDT-TRC20", "ETH", "BTC", "XRP"...), or undefined when unknown. */
export function chainFamily(network: string): ChainFamily | undefined {
  const n = network.trim().toUpperCase();
  if (/TRC-?20$/.test(n) || n === 'TRX' || n === 'TRON') return 'tron';
  if (/(ERC-?20|BEP-?20|ARBITRUM|POLYGON|OPTIMISM)$/.test(n) || n === 'ETH') return 'evm';
  if (n === 'BTC' || n === 'BITCOIN') return 'bitcoin';
  if (n === 'XRP' || n === 'RIPPLE') return 'xrp';
  return undefined;
}

export interface DepositNetwork {
  /** Upper-case coin code, e.g. "USDT". */
  coin: string;
  /** The network (channel) name as the settings spell it, e.g. "USDT-TRC20". */
  network: string;
  family: ChainFamily;
  /** Deposits below this are recorded and not credited. */
  minAmount: string;
  /** Largest amount a payment declaration may name, when the settings give one. */
  maxAmount?: string;
  confirmations: number;
  memo: boolean;
}

interface AssetCoinLike {
  coinName: string;
  coin: string;
  rechargeMin: string;
  rechargeMax: string;
  useSys: boolean;
}
interface ChannelLike {
  status: boolean;
  rechargeName: string;
  rechargeType: string;
  type: number;
  withdrawalMix: string;
  useSys: boolean;
}

export interface DepositSettings {
  ASSET_COIN: readonly AssetCoinLike[];
  WITHDRAWAL_CHANNEL_SETTING: readonly ChannelLike[];
}

/** Every network open for deposits, ASSET_COIN's first (in their order), then the channels'. */
export function depositNetworks(s: DepositSettings): DepositNetwork[] {
  const out: DepositNetwork[] = [];
  const add = (coin: string, network: string, minAmount: string, maxAmount?: string) => {
    const family = chainFamily(network);
    if (!family || out.some((n) => n.network.toUpperCase() === network.trim().toUpperCase())) return;
    const info = CHAIN_FAMILIES[family];
    out.push({
      coin: coin.trim().toUpperCase(),
      network: network.trim(),
      family,
      minAmount,
      ...(maxAmount !== undefined && compareDecimal(maxAmount, '0') > 0 ? { maxAmount } : {}),
      confirmations: info.confirmations,
      memo: info.memo,
    });
  };
  for (const a of s.ASSET_COIN) if (a.useSys) add(a.coin, a.coinName, a.rechargeMin, a.rechargeMax);
  for (const c of s.WITHDRAWAL_CHANNEL_SETTING)
    if (c.status && c.type === 0 && c.useSys) add(c.rechargeType, c.rechargeName, c.withdrawalMix);
  return out;
}

/** The open network of `coin` named `network` (case-insensitive), or the coin's first when none is named. */
export function findDepositNetwork(
  nets: readonly DepositNetwork[],
  coin: string,
  network?: string,
): DepositNetwork | undefined {
  const c = coin.trim().toUpperCase();
  const n = network?.trim().toUpperCase();
  return nets.find((x) => x.coin === c && (!n || x.network.toUpperCase() === n));
}

/** Compares two non-negative plain decimal strings exactly (-1, 0, 1), without a decimal library. */
export function compareDecimal(a: string, b: string): number {
  const split = (s: string) => {
    const [i = '0', f = ''] = s.split('.');
    return [i.replace(/^0+(?=\d)/, ''), f.replace(/0+$/, '')] as const;
  };
  const [ai, af] = split(a);
  const [bi, bf] = split(b);
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const x = af.padEnd(len, '0');
  const y = bf.padEnd(len, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

interface WithdrawChannelLike extends ChannelLike {
  rechargeName: string;
  rechargeType: string;
}

/**
 * The withdrawal channels the customer is offered, in the deposit screen's order (WORD-7): the coins as deposits
 * list them, each coin's networks as deposits order them (ASSET_COIN first), then the coin's other channels in
 * the settings' order. A coin no network deposits (the seed's BANK channel for CNY) is offered only to a user who
 * holds some of it (`holds`), so withdraw never lists a coin deposit does not, yet never strands a balance.
 */
export function withdrawChannelsLikeDeposits<C extends WithdrawChannelLike>(
  s: { ASSET_COIN: readonly AssetCoinLike[]; WITHDRAWAL_CHANNEL_SETTING: readonly C[] },
  holds: (coin: string) => boolean,
): C[] {
  const nets = depositNetworks(s);
  const coins = [...new Set(nets.map((n) => n.coin))];
  const up = (v: string) => v.trim().toUpperCase();
  const coinRank = (c: C) => {
    const i = coins.indexOf(up(c.rechargeType));
    return i < 0 ? coins.length : i;
  };
  const netRank = (c: C) => {
    const i = nets.findIndex((n) => up(n.network) === up(c.rechargeName));
    return i < 0 ? nets.length : i;
  };
  return s.WITHDRAWAL_CHANNEL_SETTING.map((c, i) => ({ c, i }))
    .filter(({ c }) => coins.includes(up(c.rechargeType)) || holds(up(c.rechargeType)))
    .sort((a, b) => coinRank(a.c) - coinRank(b.c) || netRank(a.c) - netRank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}
