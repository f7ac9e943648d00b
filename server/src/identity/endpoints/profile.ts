/**
 * The caller's own profile: getInfo, passwords (login and trade), binding an email or a phone.
 * Every change applies to the caller only (updateUserLoginPwd refuses another userId).
 */
import { userApi } from '../../../../src/shared/api/user';
import { Password, TradePassword } from '../../../../src/shared/schemas/user';
import type { Identity } from '../service';
import { ApiFail } from '../../http/failures';
import { checkNewPassword, checkPasswordLimited, clientConnected, uniqueViolation } from '../guards';
import { issueMessage } from '../../http/failures';
import type { IdentityRouter } from '../service';
import { userInfo } from '../profile';
import { issueTicket, sessionId, TICKET_TTL_MS } from '../../bus/tickets';
import { hashToken } from '../tokens';
import type { UserRow } from '../users';

const WRONG_OLD = 'The old password is incorrect';

/**
 * Changes the login password after checking the old one (limited like sign-in, SAFE-9); the new one must pass
 * the shared rule (SAFE-11); other sessions end.
 */
async function changeLoginPassword(
  acc: Identity,
  user: UserRow,
  token: string,
  ip: string,
  oldPwd: string,
  newPwd: string,
  connected: () => boolean,
) {
  await checkNewPassword(acc, newPwd, [user.account, user.email, user.phone]);
  await checkPasswordLimited(acc, `pwd:${user.id}`, ip, oldPwd, user.pwd_hash, WRONG_OLD, connected);
  if (oldPwd === newPwd) throw new ApiFail('The new password must differ from the old one');
  const hash = await acc.hasher.hash(newPwd);
  acc.db.transaction(() => {
    acc.users.setPassword(user.id, hash);
    acc.sessions.revokeAllOf(user.id, token);
  })();
  return null;
}

/** Why binding an email or a phone is refused: one is bound already; another account has this one. */
const BIND_REFUSALS = {
  email: { has: 'Your account already has an email', taken: 'This email is already bound to an account' },
  phone: { has: 'Unbind the current phone first', taken: 'This phone number is already bound to an account' },
};

export function registerProfileRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.getInfo, ({ user }) => userInfo(acc.db, user));

  // BUS-5: for a gateway to serve the caller's private streams; bound to this session, a minute long.
  r.route(userApi.socketTicket, ({ user, token }) => {
    if (!acc.gatewaySecret)
      throw new ApiFail('Socket tickets are not offered here: this exchange serves its sockets itself');
    const now = acc.clock.now();
    const ticket = issueTicket(acc.gatewaySecret, user.id, sessionId(hashToken(token)), now);
    return { ticket, expiresAt: now + TICKET_TTL_MS };
  });

  r.route(userApi.updateUserLoginPwd, ({ query, user, token, ip, req }) => {
    if (query.userId !== user.id) throw new ApiFail('You can only change your own password');
    return changeLoginPassword(acc, user, token, ip, query.oldPwd, query.newPwd, () => clientConnected(req));
  });

  r.route(userApi.tardPwdSet, async ({ query, user }) => {
    const already = 'A trade password is already set; change it instead';
    if (user.trade_pwd_hash) throw new ApiFail(already);
    if (!acc.users.setTradePasswordIfUnset(user.id, await acc.hasher.hash(query.pwd))) throw new ApiFail(already);
    return null;
  });

  r.route(userApi.updatePwd, async ({ query, user, token, ip, req }) => {
    if (query.signType === '1') {
      const p = Password.safeParse(query.newPwd);
      if (!p.success) throw new ApiFail(issueMessage(p.error));
      return changeLoginPassword(acc, user, token, ip, query.oldPwd, query.newPwd, () => clientConnected(req));
    }
    const p = TradePassword.safeParse(query.newPwd);
    if (!p.success) throw new ApiFail(issueMessage(p.error));
    if (!user.trade_pwd_hash) throw new ApiFail('Set a trade password first');
    const connected = () => clientConnected(req);
    await checkPasswordLimited(acc, `tradepwd:${user.id}`, ip, query.oldPwd, user.trade_pwd_hash, WRONG_OLD, connected);
    acc.users.setTradePassword(user.id, await acc.hasher.hash(query.newPwd));
    return null;
  });

  /** Binds the user's email or phone `value` with its code: once, and never one another account has. */
  const bind = (kind: 'email' | 'phone', user: UserRow, value: string, code: string) => {
    const { has, taken } = BIND_REFUSALS[kind];
    if (user[kind]) throw new ApiFail(has);
    // SAFE-10: the code first, so that only the address's owner (who got a code) learns it is taken.
    const codeId = acc.codes.check(kind, value, 'bind', code);
    if (acc.users.identifierTaken(value)) throw new ApiFail(taken);
    try {
      acc.db.transaction(() => {
        acc.codes.consume(codeId);
        const bound = kind === 'email' ? acc.users.bindEmail(user.id, value) : acc.users.bindPhone(user.id, value);
        if (!bound) throw new ApiFail(has);
      })();
    } catch (err) {
      uniqueViolation(err, taken);
    }
    return null;
  };

  r.route(userApi.bindEmail, ({ query, user }) => bind('email', user, query.email, query.emailCode));

  r.route(userApi.bindPhone, ({ query, user }) => bind('phone', user, query.phone, query.code));

  r.route(userApi.unBindPhone, ({ query, user }) => {
    if (!user.phone) throw new ApiFail('No phone is bound');
    if (!user.email && !user.account && !user.address)
      throw new ApiFail('The phone is your only sign-in; bind an email first');
    const phone = user.phone;
    const codeId = acc.codes.check('phone', phone, 'unbind', query.code);
    acc.db.transaction(() => {
      acc.codes.consume(codeId);
      if (!acc.users.unbindPhone(user.id, phone)) throw new ApiFail('No phone is bound');
    })();
    return null;
  });
}
