/**
 * Sending email and SMS codes, and the country code list (spec 7.1).
 * For purposes that need an existing account (backPwd, unbind, withdrawAddress...), an address with
 * no account gets the same success reply and no code, so the call does not reveal who is registered.
 * A channel that cannot reach anyone (no SMTP_URL / SMS_WEBHOOK_URL and no development mailbox) is refused first,
 * for every address alike (SAFE-3, SAFE-4).
 */
import { userApi } from '../../../../src/shared/api/user';
import type { CodeType } from '../../../../src/shared/schemas/user';
import type { Identity } from '../service';
import { ApiFail } from '../../http/failures';
import type { IdentityRouter } from '../service';
import { COUNTRY_CODES } from '../countries';
import type { Channel } from '../codes';

function sendFor(acc: Identity, channel: Channel, address: string, codeType: CodeType, ip: string): null {
  acc.codes.requireChannel(channel);
  const taken = acc.users.identifierTaken(address);
  const label = channel === 'email' ? 'email' : 'phone number';
  if (codeType === 'register' && taken) throw new ApiFail(`This ${label} is already registered`);
  if (codeType === 'bind' && taken) throw new ApiFail(`This ${label} is already bound to an account`);
  if (codeType !== 'register' && codeType !== 'bind' && !taken) return null;
  acc.codes.send(channel, address, codeType, ip);
  return null;
}

export function registerCodeRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.sendEmailCode, ({ query, ip }) => sendFor(acc, 'email', query.email, query.codeType, ip));
  r.route(userApi.sendMobileCode, ({ query, ip }) => sendFor(acc, 'phone', query.phone, query.codeType, ip));
  r.route(userApi.getCountryCode, () => COUNTRY_CODES);
}
