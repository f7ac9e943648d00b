/** Withdraw addresses, finance total and watchlist of the caller (spec 7.1). */
import type { FastifyInstance } from 'fastify';
import { userApi } from '../../../../src/shared/api/user';
import type { Accounts } from '../deps';
import { AccountError } from '../errors';
import { route } from '../http';
import { accountTotal } from '../assets';

export const MAX_WITHDRAW_ADDRESSES = 50;

export function registerWalletRoutes(app: FastifyInstance, acc: Accounts): void {
  route(app, acc, userApi.updateWithdrawAddress, ({ query, user }) => {
    let codeId: number | undefined;
    if (acc.settings.login().withdrawAddressCode) {
      if (!query.code) throw new AccountError('code: Enter the verification code');
      if (user.email) codeId = acc.codes.check('email', user.email, 'withdrawAddress', query.code);
      else if (user.phone) codeId = acc.codes.check('phone', user.phone, 'withdrawAddress', query.code);
      else throw new AccountError('Bind an email or phone first');
    }
    acc.db.transaction(() => {
      if (codeId !== undefined) acc.codes.consume(codeId);
      const n = acc.db.prepare('SELECT COUNT(*) AS n FROM withdraw_addresses WHERE user_id = ?').get(user.id) as { n: number };
      if (n.n >= MAX_WITHDRAW_ADDRESSES) throw new AccountError(`At most ${MAX_WITHDRAW_ADDRESSES} withdraw addresses can be saved`);
      acc.db
        .prepare('INSERT INTO withdraw_addresses (user_id, type, address, created_at) VALUES (?, ?, ?, ?)')
        .run(user.id, query.type, query.address, acc.clock.now());
    })();
    return null;
  });

  route(app, acc, userApi.withdrawAddress, ({ user }) =>
    acc.db
      .prepare('SELECT id, type, address, created_at AS createTime FROM withdraw_addresses WHERE user_id = ? ORDER BY id')
      .all(user.id) as { id: number; type: string; address: string; createTime: number }[],
  );

  route(app, acc, userApi.getFinanceAmount, ({ user }) => ({ coin: 'USDT', amount: accountTotal(acc.db, user.id, 'finance', 'USDT') }));

  route(app, acc, userApi.getUserCoin, ({ user }) =>
    acc.db.prepare('SELECT id, coin, symbol, sort FROM user_coins WHERE user_id = ? ORDER BY sort, id').all(user.id) as {
      id: number;
      coin: string;
      symbol: string;
      sort: number;
    }[],
  );
}
