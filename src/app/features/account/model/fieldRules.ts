/**
 * Field rules of the account forms, built on the shared form rules (src/app/forms) and the input rules that
 * the server enforces too (src/shared/schemas/user.ts), with translated messages.
 */
import type { TFunction } from 'i18next';
import { hasHanChar } from '../../../api/chinese';
import type { Rule } from '../../../forms/rules';
import {
  ACCOUNT_NAME_RE,
  PASSWORD_RE,
  PHONE_RE,
  TRADE_PASSWORD_RE,
  WALLET_ADDRESS_RE,
} from '../../../../shared/schemas/user';

type V = Record<string, string>;

/** Catches Han characters on blur already, with the same message the HTTP client would show (spec 5). */
const noChinese = (t: TFunction): Rule<V> => ({
  validator: (v) => (hasHanChar(v) ? t('cannotInputChinese') : undefined),
});

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const CODE_RE = /^\d{6}$/;
export const INVITE_RE = /^[A-Za-z0-9]{4,16}$/;

export const rules = {
  // Sign-in fields leave the Chinese rule to the HTTP client (spec 5: the request is cancelled there).
  loginAccount: (t: TFunction): Rule<V>[] => [{ required: true, message: t('form.accountRequired') }],
  loginPassword: (t: TFunction): Rule<V>[] => [{ required: true, message: t('form.passwordRequired') }],
  email: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('form.emailRequired') },
    noChinese(t),
    { pattern: EMAIL_RE, message: t('form.emailInvalid') },
  ],
  phone: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('form.phoneRequired') },
    { validator: (v) => (PHONE_RE.test(v.replace(/[\s-]/g, '')) ? undefined : t('form.phoneInvalid')) },
  ],
  account: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('form.accountNameRequired') },
    noChinese(t),
    { pattern: ACCOUNT_NAME_RE, message: t('form.accountNameInvalid') },
  ],
  address: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('form.addressRequired') },
    noChinese(t),
    { pattern: WALLET_ADDRESS_RE, message: t('form.addressInvalid') },
  ],
  newPassword: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('form.passwordRequired') },
    noChinese(t),
    { pattern: PASSWORD_RE, message: t('form.passwordRule') },
  ],
  /** Confirmation of the field named `of`. */
  confirm: (t: TFunction, of: string): Rule<V>[] => [
    { required: true, message: t('form.confirmRequired') },
    { validator: (v, all) => (v !== all[of] ? t('form.confirmMismatch') : undefined) },
  ],
  oldPassword: (t: TFunction): Rule<V>[] => [{ required: true, message: t('form.oldPasswordRequired') }, noChinese(t)],
  tradePassword: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('form.tradePasswordRequired') },
    { pattern: TRADE_PASSWORD_RE, message: t('form.tradePasswordRule') },
  ],
  code: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('form.codeRequired') },
    { pattern: CODE_RE, message: t('form.codeInvalid') },
  ],
  invite: (t: TFunction, required: boolean): Rule<V>[] => [
    ...(required ? [{ required: true, message: t('form.inviteRequired') }] : []),
    { pattern: INVITE_RE, message: t('form.inviteInvalid') },
  ],
  realName: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('kyc.realNameRequired') },
    { validator: (v) => (v.trim().length < 2 ? t('kyc.realNameRequired') : undefined) },
  ],
  idCard: (t: TFunction): Rule<V>[] => [
    { required: true, message: t('kyc.idCardRequired') },
    { pattern: /^[A-Za-z0-9-]{4,32}$/, message: t('kyc.idCardInvalid') },
  ],
  image: (t: TFunction): Rule<V>[] => [{ required: true, message: t('kyc.imageRequired') }],
};
