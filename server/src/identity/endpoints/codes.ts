/**
 * Sending email and SMS codes, and the country code list (spec 7.1).
 * The reply never reveals who is registered:
 * - for purposes that need an existing account (backPwd, unbind, withdrawAddress...), an address with no account
 *   gets the same success reply and no code;
 * - for register and bind (SAFE-10), an address that already has an account gets the same success reply as a
 *   free one, under the same limits, and its owner a notice instead of a code (`Codes.notifyExisting`).
 * A channel that cannot reach anyone (no SMTP_URL / SMS_WEBHOOK_URL and no development mailbox) is refused first,
 * for every address alike (SAFE-3, SAFE-4).
 */
import { userApi } from '../../../../src/shared/api/user';
import type { CodeType } from '../../../../src/shared/schemas/user';
import type { Identity } from '../service';
import type { IdentityRouter } from '../service';
import { COUNTRY_CODES } from '../countries';
import type { Channel } from '../codes';

function sendFor(acc: Identity, channel: Channel, address: string, codeType: CodeType, ip: string): null {
  acc.codes.requireChannel(channel);
  const taken = acc.users.identifierTaken(address);
  const forNew = codeType === 'register' || codeType === 'bind';
  if (forNew && taken) acc.codes.notifyExisting(channel, address, codeType, ip);
  else if (forNew || taken) acc.codes.send(channel, address, codeType, ip);
  return null;
}

export function registerCodeRoutes(r: IdentityRouter, acc: Identity): void {
  r.route(userApi.sendEmailCode, ({ query, ip }) => sendFor(acc, 'email', query.email, query.codeType, ip));
  r.route(userApi.sendMobileCode, ({ query, ip }) => sendFor(acc, 'phone', query.phone, query.codeType, ip));
  r.route(userApi.getCountryCode, () => COUNTRY_CODES);
}
