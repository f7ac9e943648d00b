/**
 * The deposit calls (spec 7.2, DEP-*) through the one Router, and the operator's chain routes (DEP-6):
 * POST /api/_ops/chain/deposit and /api/_ops/chain/match, refused unless the header `x-ops-token` carries the
 * operator token (env OPS_TOKEN, else a random one the server writes to DATA_DIR/ops-token at start, readable
 * only by the account running it; `npm run chain` reads it from there).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { rechargeApi } from '../../../src/shared/api/recharge';
import type { BonusPage } from '../../../src/shared/schemas/recharge';
import { CODE_FAIL, CODE_OK } from '../../../src/shared/api/envelope';
import { ApiFail } from '../http/failures';
import type { IdentityRouter } from '../identity/service';
import type { Deposits } from './service';

/** The caller's deposit bonuses, newest first (the welfare centre's paid rewards, WEL-5). */
export type BonusList = (userId: number, pageNum: number, pageSize: number) => z.infer<typeof BonusPage>;

export function registerDepositRoutes(
  r: IdentityRouter,
  deposits: Deposits,
  bonuses: BonusList = () => ({ total: 0, rows: [] }),
): void {
  r.route(rechargeApi.getAdress, ({ user, query }) => deposits.address(user.id, query.coin, query.symbol));
  r.route(rechargeApi.rechargeList, ({ user, query }) => deposits.list(user.id, query.pageNum, query.pageSize));
  // Deposit bonuses: the welfare centre's paid rewards (WEL-5).
  r.route(rechargeApi.bonsList, ({ user, query }) => bonuses(user.id, query.pageNum, query.pageSize));
  r.route(rechargeApi.payAddress, ({ user, body }) => deposits.declare(user.id, body), { idempotent: true });
}

export const OPS_TOKEN_HEADER = 'x-ops-token';

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerChainOpsRoutes(app: FastifyInstance, deposits: Deposits, opsToken: string): void {
  const guarded =
    (fn: (body: Record<string, unknown>) => unknown) =>
    async (req: { headers: Record<string, unknown>; body: unknown }) => {
      if (!sameToken(req.headers[OPS_TOKEN_HEADER], opsToken))
        return { code: CODE_FAIL, msg: 'Operator token missing or wrong', data: null };
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      try {
        return { code: CODE_OK, msg: 'success', data: fn(body) };
      } catch (err) {
        if (err instanceof ApiFail) return { code: err.code, msg: err.message, data: null };
        throw err;
      }
    };
  app.post(
    '/api/_ops/chain/deposit',
    guarded((b) => ({
      deposit: deposits.chainDeposit({
        address: String(b.address ?? ''),
        amount: b.amount,
        memo: b.memo === undefined ? undefined : String(b.memo),
        confirmations: b.confirmations === undefined ? undefined : Number(b.confirmations),
        txHash: b.tx === undefined ? undefined : String(b.tx),
      }),
      height: deposits.height(),
    })),
  );
  app.post(
    '/api/_ops/chain/match',
    guarded((b) => {
      const id = Number(String(b.id ?? '').replace(/^p/, ''));
      if (!Number.isInteger(id) || id <= 0) throw new ApiFail('id: the declaration id, e.g. p3');
      return { deposit: deposits.operatorMatch(id) };
    }),
  );
}
