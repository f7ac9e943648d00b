/** Register, sign in (password or wallet address), sign out, reset a forgotten password (spec 7.1, 4.2). */
import { userApi } from '../../../../src/shared/api/user';
import type { RegisterBody } from '../../../../src/shared/schemas/user';
import type { z } from 'zod';
import type { Identity } from '../service';
import { ApiFail } from '../../http/failures';
import { INVALID_CODE } from '../codes';
import { accountKey, checkNewPassword, checkPasswordLimited, clientConnected, uniqueViolation } from '../guards';
import type { IdentityRouter } from '../service';
import type { UserRow } from '../users';

export const WRONG_LOGIN = 'Account or password is incorrect';

const MODE_NAMES = { email: 'email', phone: 'phone', account: 'account name', address: 'wallet address' } as const;

type Reg = z.output<typeof RegisterBody>;

function need<T>(v: T | undefined, message: string): T {
  if (v === undefined || v === '') throw new ApiFail(message);
  return v;
}

/**
 * Checks the register body against LOGIN_REGIS_SETTING; returns the codes to use up, the inviter, and whether an
 * identifier proven by a code is already taken (`hiddenTaken`: SAFE-10, the call then fails exactly like a wrong
 * code, after the same work). An identifier without a code (account name, wallet address, email or phone while
 * codes are off) that is taken is refused by name: nothing else can tell the user why sign-up fails.
 */
function planRegistration(acc: Identity, b: Reg) {
  const s = acc.settings.login();
  const open = { email: s.emailIsOpen, phone: s.phoneIsOpen, account: s.ordinaryIsOpen, address: s.addressIsOpen }[
    b.type
  ];
  if (s.walletOnly && b.type !== 'address') throw new ApiFail('Only wallet address registration is open');
  if (!open) throw new ApiFail(`Registration by ${MODE_NAMES[b.type]} is closed`);

  let inviter: UserRow | undefined;
  if (s.inviteCodeRequired && !b.inviteCode) throw new ApiFail('An invite code is required');
  if (b.inviteCode) {
    inviter = acc.users.byInviteCode(b.inviteCode);
    if (!inviter) throw new ApiFail('Invite code not found');
  }

  const codeIds: number[] = [];
  const ident: { account?: string; email?: string; phone?: string; address?: string } = {};
  /** The identifiers whose owner proved them with a code. */
  const proven = new Set<string>();
  if (b.type === 'email') {
    ident.email = need(b.email, 'Enter your email');
    need(b.password, 'Enter a password');
    if (s.emailCode) {
      codeIds.push(acc.codes.check('email', ident.email, 'register', need(b.emailCode, 'Enter the email code')));
      proven.add('email');
    }
  } else if (b.type === 'phone') {
    ident.phone = need(b.phone, 'Enter your phone number');
    need(b.password, 'Enter a password');
    if (s.phoneCode) {
      codeIds.push(acc.codes.check('phone', ident.phone, 'register', need(b.phoneCode, 'Enter the SMS code')));
      proven.add('phone');
    }
  } else if (b.type === 'account') {
    ident.account = need(b.account, 'Enter an account name');
    need(b.password, 'Enter a password');
    if (s.accountCode) {
      ident.email = need(b.email, 'Enter your email for the verification code');
      codeIds.push(acc.codes.check('email', ident.email, 'register', need(b.emailCode, 'Enter the email code')));
      proven.add('email');
    }
  } else {
    ident.address = need(b.address, 'Enter your wallet address');
  }
  let hiddenTaken = false;
  for (const [kind, v] of Object.entries(ident)) {
    if (!v || !acc.users.identifierTaken(v)) continue;
    if (proven.has(kind)) hiddenTaken = true;
    else throw new ApiFail(`This ${MODE_NAMES[kind as keyof typeof MODE_NAMES]} is already registered`);
  }
  return { s, inviter, codeIds, ident, hiddenTaken };
}

export function registerAuthRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.register, async ({ body, ip }) => {
    // SAFE-7: the per-address limit comes before any other work, above all before the hash.
    acc.registerLimit.take(ip);
    // SAFE-11: the same for a taken and a free address (it reads only the body). Run once the call holds a
    // hashing slot (SAFE-8), so a flood turned away costs no strength check either.
    let plan!: ReturnType<typeof planRegistration>;
    const password = body.password;
    const pwdHash = password
      ? await acc.hasher.hash(password, async () => {
          await checkNewPassword(acc, password, [body.account, body.email, body.phone]);
          plan = planRegistration(acc, body);
        })
      : undefined;
    if (!password) plan = planRegistration(acc, body);
    // SAFE-10: a taken address proven by a code fails like a wrong code, after the same work (the hash).
    if (plan.hiddenTaken) throw new ApiFail(INVALID_CODE);
    try {
      return acc.db.transaction(() => {
        for (const id of plan.codeIds) acc.codes.consume(id);
        const user = acc.users.create({
          registerType: body.type,
          ...plan.ident,
          pwdHash,
          credits: plan.s.credits,
          invitedBy: plan.inviter?.id,
          now: acc.clock.now(),
        });
        acc.ledger.open(user.id, 'platform', 'USDT');
        return { satoken: acc.sessions.create(user.id) };
      })();
    } catch (err) {
      // A race with another registration of the same identifiers.
      return uniqueViolation(err, plan.codeIds.length ? INVALID_CODE : 'This account is already registered');
    }
  });

  r.route(userApi.login, async ({ body, ip, req }) => {
    const user = acc.users.byLogin(body.account);
    // One count per account whichever identifier (email, phone, name) is typed; unknown ones by the text.
    const key = user ? `user:${user.id}` : accountKey(body.account);
    // Unknown account and wrong password: same checks, same time (a dummy hash), same reply.
    // SAFE-9: limited per (account, address) and per address; an attempt cut off is not counted.
    await checkPasswordLimited(acc, key, ip, body.password, user?.pwd_hash, WRONG_LOGIN, () => clientConnected(req));
    return { satoken: acc.sessions.create(user!.id) };
  });

  r.route(userApi.addressLogin, ({ body }) => {
    const s = acc.settings.login();
    if (!s.autoLogin) throw new ApiFail('Automatic login is off');
    let user = acc.users.byAddress(body.address);
    if (!user) {
      if (!s.addressIsOpen || s.inviteCodeRequired)
        throw new ApiFail('No account for this wallet address, please register');
      try {
        user = acc.db.transaction(() => {
          const u = acc.users.create({
            registerType: 'address',
            address: body.address,
            credits: s.credits,
            now: acc.clock.now(),
          });
          acc.ledger.open(u.id, 'platform', 'USDT');
          return u;
        })();
      } catch (err) {
        uniqueViolation(err, 'This wallet address is already registered');
      }
    }
    return { satoken: acc.sessions.create(user!.id) };
  });

  r.route(userApi.loginOut, ({ token }) => {
    acc.sessions.revoke(token);
    return null;
  });

  r.route(userApi.backPwd, async ({ query }) => {
    await checkNewPassword(acc, query.newPwd, [query.email]);
    const codeId = acc.codes.check('email', query.email, 'backPwd', query.emailCode);
    const user = acc.users.byEmail(query.email);
    if (!user) throw new ApiFail('The verification code is invalid or expired');
    const hash = await acc.hasher.hash(query.newPwd);
    acc.db.transaction(() => {
      acc.codes.consume(codeId);
      acc.users.setPassword(user.id, hash);
      acc.sessions.revokeAllOf(user.id);
    })();
    return null;
  });
}
