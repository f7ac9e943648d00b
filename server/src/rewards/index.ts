/**
 * Builds invitations, rebates and VIP from the server's context (one line in app.ts): the store, the service on
 * the ledger and the settings, the routes; the rebates listen to every trading fee (REB-3) and the VIP levels
 * give the trading services each user's fee discount (VIP-4), both through `ctx.tradingFees`.
 */
import type { ServerContext } from '../context';
import { readSetting } from '../db/settingsStore';
import type { IdentityRouter } from '../identity/service';
import type { Ledger } from '../ledger/service';
import { readCoinList } from '../market/coinStore';
import { registerRewardsRoutes } from './routes';
import { RewardsService } from './service';
import { sqliteRewardsStore } from './store';

/** The service on the server's context (the mount and the tests build it the same way). */
export function rewardsService(ctx: ServerContext, ledger: Ledger): RewardsService {
  const { db, log } = ctx;
  return new RewardsService({
    store: sqliteRewardsStore(db),
    ledger,
    clock: ctx.clock,
    rebateSetting: () => {
      const s = readSetting(db, 'FINANCIAL_REBATE_SETTING', log);
      return { isOpen: s.isOpen, ratios: [s.oneRatio, s.twoRatio, s.threeRatio] };
    },
    vipSetting: () => {
      const { isOpen, ...table } = readSetting(db, 'VIP_LEVEL_SETTING', log);
      return { isOpen, table, directions: readSetting(db, 'VIP_DIRECTIONS_SETTING', log) };
    },
    inviteCodeRequired: () => readSetting(db, 'LOGIN_REGIS_SETTING', log).inviteCodeRequired,
    shareNumber: (symbol) => readCoinList(db, 'contractList').find((p) => p.symbol === symbol)?.shareNumber,
    warn: (event, problem) => log.warn({ event, problem }, problem),
  });
}

export function mountRewards(r: IdentityRouter, ctx: ServerContext, ledger: Ledger): RewardsService {
  const rewards = rewardsService(ctx, ledger);
  ctx.tradingFees.onFee(rewards.onFee);
  ctx.tradingFees.useDiscount(rewards.discount);
  registerRewardsRoutes(r, rewards);
  return rewards;
}
