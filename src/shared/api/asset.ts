/** The wallet's calls of spec 7.2 that this server serves so far: balances and transfers. */
import { defineEndpoint } from './endpoint';
import * as S from '../schemas/wallet';

export const assetApi = {
  assetBalance: defineEndpoint({
    method: 'GET',
    path: '/api/asset/assetBalance',
    summary:
      'Balances of the caller: every account (platform, finance, contract) and coin, available and frozen (decimal strings)',
    data: S.AssetBalance,
    auth: true,
  }),
  transferFunds: defineEndpoint({
    method: 'POST',
    path: '/api/asset/transferFunds',
    summary:
      "Move an amount of a coin between two of the caller's accounts, at once and journaled; honours Idempotency-Key",
    body: S.TransferBody,
    data: S.TransferResult,
    auth: true,
  }),
};
