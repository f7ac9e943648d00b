/**
 * The caller's own profile: getInfo, passwords (login and trade), binding an email or a phone.
 * Every change applies to the caller only (updateUserLoginPwd refuses another userId).
 */
import { userApi } from '../../../../src/shared/api/user';
import { Password, TradePassword } from '../../../../src/shared/schemas/user';
import type { Identity } from '../service';
import { ApiFail } from '../../http/failures';
import { checkPasswordLimited, uniqueViolation } from '../guards';
import { hashPassword } from '../passwords';
import { issueMessage } from '../../http/failures';
import type { IdentityRouter } from '../service';
import { userInfo } from '../profile';
import type { UserRow } from '../users';

const WRONG_OLD = 'The old password is incorrect';

/** Changes the login password after checking the old one (limited like sign-in); other sessions end. */
async function changeLoginPassword(
  acc: Identity,
  user: UserRow,
  token: string,
  ip: string,
  oldPwd: string,
  newPwd: string,
) {
  await checkPasswordLimited(acc, `pwd:${user.id}`, ip, oldPwd, user.pwd_hash, WRONG_OLD);
  if (oldPwd === newPwd) throw new ApiFail('The new password must differ from the old one');
  const hash = await hashPassword(newPwd);
  acc.db.transaction(() => {
    acc.users.setPassword(user.id, hash);
    acc.sessions.revokeAllOf(user.id, token);
  })();
  return null;
}

export function registerProfileRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.getInfo, ({ user }) => userInfo(acc.db, user));

  r.route(userApi.updateUserLoginPwd, ({ query, user, token, ip }) => {
    if (query.userId !== user.id) throw new ApiFail('You can only change your own password');
    return changeLoginPassword(acc, user, token, ip, query.oldPwd, query.newPwd);
  });

  r.route(userApi.tardPwdSet, async ({ query, user }) => {
    const already = 'A trade password is already set; change it instead';
    if (user.trade_pwd_hash) throw new ApiFail(already);
    if (!acc.users.setTradePasswordIfUnset(user.id, await hashPassword(query.pwd))) throw new ApiFail(already);
    return null;
  });

  r.route(userApi.updatePwd, async ({ query, user, token, ip }) => {
    if (query.signType === '1') {
      const p = Password.safeParse(query.newPwd);
      if (!p.success) throw new ApiFail(issueMessage(p.error));
      return changeLoginPassword(acc, user, token, ip, query.oldPwd, query.newPwd);
    }
    const p = TradePassword.safeParse(query.newPwd);
    if (!p.success) throw new ApiFail(issueMessage(p.error));
    if (!user.trade_pwd_hash) throw new ApiFail('Set a trade password first');
    await checkPasswordLimited(acc, `tradepwd:${user.id}`, ip, query.oldPwd, user.trade_pwd_hash, WRONG_OLD);
    acc.users.setTradePassword(user.id, await hashPassword(query.newPwd));
    return null;
  });

  r.route(userApi.bindEmail, ({ query, user }) => {
    if (user.email) throw new ApiFail('Your account already has an email');
    if (acc.users.identifierTaken(query.email)) throw new ApiFail('This email is already bound to an account');
    const codeId = acc.codes.check('email', query.email, 'bind', query.emailCode);
    try {
      acc.db.transaction(() => {
        acc.codes.consume(codeId);
        if (!acc.users.bindEmail(user.id, query.email)) throw new ApiFail('Your account already has an email');
      })();
    } catch (err) {
      uniqueViolation(err, 'This email is already bound to an account');
    }
    return null;
  });

  r.route(userApi.bindPhone, ({ query, user }) => {
    if (user.phone) throw new ApiFail('Unbind the current phone first');
    if (acc.users.identifierTaken(query.phone)) throw new ApiFail('This phone number is already bound to an account');
    const codeId = acc.codes.check('phone', query.phone, 'bind', query.code);
    try {
      acc.db.transaction(() => {
        acc.codes.consume(codeId);
        if (!acc.users.bindPhone(user.id, query.phone)) throw new ApiFail('Unbind the current phone first');
      })();
    } catch (err) {
      uniqueViolation(err, 'This phone number is already bound to an account');
    }
    return null;
  });

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
