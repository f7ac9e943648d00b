/**
 * The withdraw form's model (WDR-16): the shared rules (src/shared/wallet/withdrawRules.ts) run on a channel of
 * getWithDrawCoinList as the user types, so the form shows the fee, the amount received and the total, and
 * never sends what the server would refuse; the address is checked with the network's format.
 */
import type { WithdrawChannel } from '../../../../shared/schemas/withdraw';
import { normalizeAddress } from '../../../../shared/wallet/withdrawAddress';
import { quoteWithdrawal, type WithdrawQuote } from '../../../../shared/wallet/withdrawRules';

export function quoteFor(ch: WithdrawChannel, amount: string, now: number): WithdrawQuote {
  return quoteWithdrawal(
    {
      type: ch.type,
      coin: ch.coin,
      open: ch.open,
      fee: ch.fee,
      ratio: ch.ratio,
      freeNum: ch.freeNum,
      dayWithdrawalNum: ch.dayWithdrawalNum,
      min: ch.min,
      max: ch.max,
      precision: ch.precision,
    },
    {
      limitTime: ch.limitTime,
      limitTimeStart: ch.limitTimeStart,
      limitTimeEnd: ch.limitTimeEnd,
      checkPass: ch.checkPass,
      checkCode: ch.checkCode,
    },
    { usedToday: ch.usedToday, available: ch.available, now, offsetMinutes: ch.offsetMinutes },
    amount,
  );
}

export function addressOk(ch: WithdrawChannel, address: string): string | undefined {
  return normalizeAddress(address, ch.addressFormat);
}

/** The coins offered, in the channels' order, each once. */
export function withdrawCoins(channels: readonly WithdrawChannel[]): string[] {
  return [...new Set(channels.map((c) => c.coin))];
}
