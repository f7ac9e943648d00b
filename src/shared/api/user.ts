/**
 * User and account calls of spec 7.1, upload and KYC. Keys are the spec's call names.
 * Not in the spec's tables, chosen here: addressLogin (the automatic wallet login of 4.2, path
 * POST /api/user/addressLogin). Files uploaded through uploadOSS are served by GET /api/common/file/<id>
 * to their owner only (binary reply, so not an Endpoint).
 */
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';
import * as S from '../schemas/user';

export const userApi = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/user/register',
    summary: 'Create an account in one of the modes LOGIN_REGIS_SETTING turns on; signs in (data.satoken)',
    body: S.RegisterBody,
    data: S.TokenData,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/user/login',
    summary: 'Sign in with account name, email or phone and password (spec 3.6: data.satoken)',
    body: S.LoginBody,
    data: S.TokenData,
  }),
  addressLogin: defineEndpoint({
    method: 'POST',
    path: '/api/user/addressLogin',
    summary:
      'Automatic login by wallet address inside a wallet browser (spec 4.2), when LOGIN_REGIS_SETTING.autoLogin is on',
    body: S.AddressLoginBody,
    data: S.TokenData,
  }),
  updateUserLoginPwd: defineEndpoint({
    method: 'POST',
    path: '/api/user/updateUserLoginPwd',
    summary: 'Change the login password (userId must be the caller); ends every other session',
    query: S.UpdateLoginPwdQuery,
    data: S.Empty,
    auth: true,
  }),
  backPwd: defineEndpoint({
    method: 'POST',
    path: '/api/user/backPwd',
    summary: 'Reset a forgotten login password with an email code (codeType backPwd)',
    query: S.BackPwdQuery,
    data: S.Empty,
  }),
  sendEmailCode: defineEndpoint({
    method: 'POST',
    path: '/api/user/sendEmailCode',
    summary: 'Send a 6-digit email code (single use, 5 minutes); rate-limited per address',
    query: S.SendEmailCodeQuery,
    data: S.Empty,
  }),
  bindEmail: defineEndpoint({
    method: 'POST',
    path: '/api/user/bindEmail',
    summary: 'Bind an email to the signed-in account (code of codeType bind)',
    query: S.BindEmailQuery,
    data: S.Empty,
    auth: true,
  }),
  getCountryCode: defineEndpoint({
    method: 'POST',
    readOnly: true,
    path: '/api/user/getCountryCode',
    summary: 'Country calling codes for the phone picker',
    data: z.array(S.CountryCode),
  }),
  sendMobileCode: defineEndpoint({
    method: 'POST',
    path: '/api/user/sendMobileCode',
    summary: 'Send a 6-digit SMS code (single use, 5 minutes); rate-limited per number',
    query: S.SendMobileCodeQuery,
    data: S.Empty,
  }),
  bindPhone: defineEndpoint({
    method: 'POST',
    path: '/api/user/bindPhone',
    summary: 'Bind a phone to the signed-in account (code of codeType bind)',
    query: S.BindPhoneQuery,
    data: S.Empty,
    auth: true,
  }),
  unBindPhone: defineEndpoint({
    method: 'POST',
    path: '/api/user/unBindPhone',
    summary: 'Unbind the phone (code of codeType unbind sent to the bound phone)',
    query: S.UnBindPhoneQuery,
    data: S.Empty,
    auth: true,
  }),
  loginOut: defineEndpoint({
    method: 'POST',
    path: '/api/user/loginOut',
    summary: 'Sign out: the token is dead from now on',
    body: S.LoginOutBody,
    data: S.Empty,
    auth: true,
  }),
  getInfo: defineEndpoint({
    method: 'GET',
    path: '/api/user/getInfo',
    summary: 'Profile, verification state, withdraw address and asset list of the caller',
    data: S.UserInfo,
    auth: true,
  }),
  socketTicket: defineEndpoint({
    method: 'GET',
    path: '/api/user/socketTicket',
    summary:
      "A signed ticket (a minute) that lets a socket gateway serve the caller's private streams (BUS-5); only where gateways run (GATEWAY_SECRET)",
    data: S.SocketTicket,
    auth: true,
  }),
  tardPwdSet: defineEndpoint({
    method: 'POST',
    path: '/api/user/tardPwdSet',
    summary: 'Set the trade (fund) password the first time',
    query: S.TradePwdSetQuery,
    data: S.Empty,
    auth: true,
  }),
  updatePwd: defineEndpoint({
    method: 'POST',
    path: '/api/user/updatePwd',
    summary: 'Change a password: signType 1 = login password, 2 = trade password',
    query: S.UpdatePwdQuery,
    data: S.Empty,
    auth: true,
  }),
  uploadKYC: defineEndpoint({
    method: 'POST',
    path: '/api/user/uploadKYC',
    summary: 'Submit identity verification (level primary or senior, as AUTH_LIMIT allows); the level becomes pending',
    query: S.UploadKycQuery,
    data: S.Empty,
    auth: true,
  }),
  updateWithdrawAddress: defineEndpoint({
    method: 'POST',
    path: '/api/user/updateWithdrawAddress',
    summary: 'Add a withdraw address; the newest is the current one',
    query: S.UpdateWithdrawAddressQuery,
    data: S.Empty,
    auth: true,
  }),
  withdrawAddress: defineEndpoint({
    method: 'GET',
    path: '/api/user/withdrawAddress',
    summary: "The caller's withdraw addresses, oldest first (the last is current)",
    data: z.array(S.WithdrawAddressEntry),
    auth: true,
  }),
  getFinanceAmount: defineEndpoint({
    method: 'GET',
    path: '/api/user/getFinanceAmount',
    summary: 'Total of the finance account in USDT',
    data: S.FinanceAmount,
    auth: true,
  }),
  getUserCoin: defineEndpoint({
    method: 'GET',
    path: '/api/userCoin/getUserCoin',
    summary: "The caller's watchlist",
    data: z.array(S.UserCoinEntry),
    auth: true,
  }),
  addUserCoin: defineEndpoint({
    method: 'POST',
    path: '/api/userCoin/addUserCoin',
    summary:
      "Add a listed pair to the caller's watchlist (extension, WATCH-1); adding one already there changes nothing",
    body: S.WatchlistBody,
    data: z.array(S.UserCoinEntry),
    auth: true,
  }),
  removeUserCoin: defineEndpoint({
    method: 'POST',
    path: '/api/userCoin/removeUserCoin',
    summary: "Remove a pair from the caller's watchlist (extension, WATCH-1); removing one not there changes nothing",
    body: S.WatchlistBody,
    data: z.array(S.UserCoinEntry),
    auth: true,
  }),
  uploadOSS: defineEndpoint({
    method: 'POST',
    path: '/api/common/upload/OSS',
    summary:
      'Upload an image (PNG, JPEG, WebP or GIF by content, at most 5 MB) as multipart field "file"; data.url serves it to the owner',
    data: S.UploadData,
    auth: true,
    multipart: true,
  }),
} satisfies Record<string, Endpoint>;
