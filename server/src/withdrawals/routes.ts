/** The withdrawal calls (spec 7.2; WDR-8..15) through the one router; the rules live in ./service.ts. */
import { withdrawApi } from '../../../src/shared/api/withdraw';
import { ApiFail } from '../http/failures';
import type { Identity, IdentityRouter } from '../identity/service';
import type { UserRow } from '../identity/users';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE } from '../ledger/idempotency';
import type { Withdrawals } from './service';

/** The verification code of a withdrawal (codeType `withdraw`, sent to the bound email or phone). */
function checkCode(acc: Identity, user: UserRow, code: string | undefined): number {
  if (!code) throw new ApiFail('Verification code: enter the code we sent you');
  if (user.email) return acc.codes.check('email', user.email, 'withdraw', code);
  if (user.phone) return acc.codes.check('phone', user.phone, 'withdraw', code);
  throw new ApiFail('Verification code: bind an email or phone first');
}

export function registerWithdrawalRoutes(r: IdentityRouter, acc: Identity, w: Withdrawals): void {
  r.route(withdrawApi.getWithDrawCoinList, ({ user }) => w.channels(user.id));

  r.route(
    withdrawApi.withdrawSubmit,
    ({ user, query, req }) => {
      if (w.needsCode()) acc.codes.consume(checkCode(acc, user, query.code));
      const raw = req.headers[IDEMPOTENCY_HEADER];
      const key = typeof raw === 'string' && IDEMPOTENCY_KEY_RE.test(raw) ? raw : undefined;
      return w.submit(user.id, { ...query, clientKey: key });
    },
    {
      idempotent: true,
      before: async ({ user, query }) => {
        await w.checkTradePassword(user.id, query.pwd, {
          tradePwdHash: user.trade_pwd_hash,
          verify: (pwd, stored) => acc.hasher.verify(pwd, stored),
        });
        // A wrong code is recorded here, outside the handler's transaction (which would roll it back).
        if (w.needsCode()) checkCode(acc, user, query.code);
      },
    },
  );

  r.route(withdrawApi.withdrawList, ({ user, query }) => w.list(user.id, query.pageNum, query.pageSize));

  r.route(withdrawApi.getWithdrawStatus, ({ user, query }) => w.status(user.id, query));

  r.route(withdrawApi.withdrawCancel, ({ user, query }) => w.cancel(user.id, query.id), { idempotent: true });
}
