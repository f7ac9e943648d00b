/** Every endpoint the server serves, by group. The OpenAPI document is generated from this list. */
import { assetApi } from './asset';
import { exchangeApi } from './exchange';
import { marketApi } from './market';
import { rechargeApi } from './recharge';
import { tradingApi } from './trading';
import { userApi } from './user';
import { withdrawApi } from './withdraw';

export const api = {
  ...marketApi,
  ...userApi,
  ...assetApi,
  ...rechargeApi,
  ...withdrawApi,
  ...exchangeApi,
  ...tradingApi,
};
