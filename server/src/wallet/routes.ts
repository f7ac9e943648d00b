/** Withdraw addresses and the finance total of the caller (spec 7.1); balances and transfers (spec 7.2). */
import { assetApi } from '../../../src/shared/api/asset';
import { userApi } from '../../../src/shared/api/user';
import { readSetting } from '../db/settingsStore';
import { ApiFail } from '../http/failures';
import type { Identity, IdentityRouter } from '../identity/service';
import type { Wallet } from './service';
import { accountTotal, addWithdrawAddress, countWithdrawAddresses, listWithdrawAddresses } from './store';

export const MAX_WITHDRAW_ADDRESSES = 50;

export function registerWalletRoutes(r: IdentityRouter, acc: Identity, wallet: Wallet): void {
  r.route(assetApi.assetBalance, ({ user }) => wallet.balances(user.id));

  r.route(assetApi.transferFunds, ({ user, body }) => wallet.transfer(user.id, body), { idempotent: true });

  r.route(userApi.updateWithdrawAddress, ({ query, user }) => {
    // SAFE-19: the type is one of the withdraw channels the settings list (spelt as they spell it).
    const channels = readSetting(acc.db, 'WITHDRAWAL_CHANNEL_SETTING', acc.log).map((c) => c.rechargeName);
    const type = channels.find((c) => c.toUpperCase() === query.type.toUpperCase());
    if (type === undefined) throw new ApiFail(`Invalid query: type: must be one of: ${channels.join(', ')}`);
    let codeId: number | undefined;
    if (acc.settings.login().withdrawAddressCode) {
      if (!query.code) throw new ApiFail('code: Enter the verification code');
      if (user.email) codeId = acc.codes.check('email', user.email, 'withdrawAddress', query.code);
      else if (user.phone) codeId = acc.codes.check('phone', user.phone, 'withdrawAddress', query.code);
      else throw new ApiFail('Bind an email or phone first');
    }
    acc.db.transaction(() => {
      if (codeId !== undefined) acc.codes.consume(codeId);
      if (countWithdrawAddresses(acc.db, user.id) >= MAX_WITHDRAW_ADDRESSES)
        throw new ApiFail(`At most ${MAX_WITHDRAW_ADDRESSES} withdraw addresses can be saved`);
      addWithdrawAddress(acc.db, user.id, type, query.address, acc.clock.now());
    })();
    return null;
  });

  r.route(userApi.withdrawAddress, ({ user }) => listWithdrawAddresses(acc.db, user.id));

  r.route(userApi.getFinanceAmount, ({ user }) => ({
    coin: 'USDT',
    amount: accountTotal(acc.db, user.id, 'finance', 'USDT'),
  }));
}
