/** Every endpoint the server serves, by group. The OpenAPI document is generated from this list. */
import { assetApi } from './asset';
import { exchangeApi } from './exchange';
import { financeApi } from './finance';
import { followApi } from './follow';
import { flowApi } from './flow';
import { futuresApi } from './futures';
import { inboxApi } from './inbox';
import { marketApi } from './market';
import { optionsApi } from './options';
import { proxyApi } from './proxy';
import { rechargeApi } from './recharge';
import { recordsApi } from './records';
import { rewardsApi } from './rewards';
import { tradingApi } from './trading';
import { userApi } from './user';
import { withdrawApi } from './withdraw';

/** The registry by area (the conformance suite reports per area). */
export const apiAreas = {
  market: marketApi,
  user: userApi,
  asset: assetApi,
  recharge: rechargeApi,
  withdraw: withdrawApi,
  exchange: exchangeApi,
  trading: tradingApi,
  futures: futuresApi,
  options: optionsApi,
  records: recordsApi,
  finance: financeApi,
  follow: followApi,
  proxy: proxyApi,
  rewards: rewardsApi,
  inbox: inboxApi,
  flow: flowApi,
};

export const api = {
  ...marketApi,
  ...userApi,
  ...assetApi,
  ...rechargeApi,
  ...withdrawApi,
  ...exchangeApi,
  ...tradingApi,
  ...futuresApi,
  ...optionsApi,
  ...recordsApi,
  ...financeApi,
  ...followApi,
  ...proxyApi,
  ...rewardsApi,
  ...inboxApi,
  ...flowApi,
};
