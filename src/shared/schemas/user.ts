/**
 * Shapes of the account calls (spec 7.1, upload, KYC): input rules shared by the app's forms and the
 * server, and the `data` of each reply. Query values travel as strings: integers are read from their digits (strict.ts, SAFE-18).
 */
import { z } from 'zod';
import { oneOf, queryInt } from './strict';
import { DecimalStr } from '../money';
import { lazySchema } from './lazySchema';

// ---- field rules (one place; the app's form validators reuse them) ----

/** Login password: 8 to 64 characters with at least one letter and one digit. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,64}$/;
export const Password = lazySchema(() =>
  z.string().regex(PASSWORD_RE, 'Password must be 8 to 64 characters with letters and digits'),
);

/** Trade (fund) password: exactly 6 digits. */
export const TRADE_PASSWORD_RE = /^\d{6}$/;
export const TradePassword = lazySchema(() => z.string().regex(TRADE_PASSWORD_RE, 'Trade password must be 6 digits'));

/** Ordinary account name: 4 to 32 characters, letters, digits and _, starting with a letter. */
export const ACCOUNT_NAME_RE = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const AccountName = lazySchema(() =>
  z.string().regex(ACCOUNT_NAME_RE, 'Account must be 4 to 32 letters, digits or _, starting with a letter'),
);

export const Email = lazySchema(() => z.string().trim().toLowerCase().max(254).pipe(z.email('Invalid email address')));

/** Phone number including the country code digits, e.g. "+14155550100" (the app joins the picker's code and the number). */
export const PHONE_RE = /^\+?[0-9]{6,20}$/;
export const Phone = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(PHONE_RE, 'Invalid phone number')
    .transform((v) => (v.startsWith('+') ? v : '+' + v)),
);

/** A wallet address: 0x + 40 hex (EVM) or another 20 to 100 letters/digits (e.g. TRON). */
export const WALLET_ADDRESS_RE = /^[0-9A-Za-z]{20,100}$/;
/** EVM addresses are compared in lower case; other formats (e.g. base58) are case-sensitive and kept as sent. */
export const WalletAddress = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(WALLET_ADDRESS_RE, 'Invalid wallet address')
    .transform((v) => (/^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v)),
);

/** Email and SMS codes: 6 digits, single use, valid 5 minutes. */
export const VerifyCode = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The verification code has 6 digits'),
);

export const InviteCode = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/, 'Invalid invite code'),
);

/** Why a code is sent; a code only works for the purpose it was sent for. */
export const CodeType = z.enum([
  'register',
  'login',
  'backPwd',
  'bind',
  'unbind',
  'withdrawAddress',
  'withdraw',
  'tradePwd',
]);
export type CodeType = z.infer<typeof CodeType>;

/** Registration modes, each switched on by LOGIN_REGIS_SETTING (emailIsOpen, phoneIsOpen, ordinaryIsOpen, addressIsOpen). */
export const RegisterType = z.enum(['email', 'phone', 'account', 'address']);
export type RegisterType = z.infer<typeof RegisterType>;

export const KycLevel = z.enum(['primary', 'senior']);
export type KycLevel = z.infer<typeof KycLevel>;
export const KycState = z.enum(['none', 'pending', 'approved', 'rejected']);
export type KycState = z.infer<typeof KycState>;

// ---- inputs ----
// The bodies and queries of the calls stay objects built at once (the server's strict-input walk reads their
// fields); the field rules above and the replies below are built on first use (lazySchema, PERF-98).

/**
 * Register body. Which fields are needed depends on `type` and the settings:
 * - email: email, password (+ emailCode when emailCode is on);
 * - phone: phone, password (+ phoneCode when phoneCode is on);
 * - account: account, password (+ email and emailCode when accountCode is on);
 * - address: address (wallet address; password optional).
 * inviteCode is required when inviteCodeRequired is on.
 */
export const RegisterBody = z.object({
  type: RegisterType,
  account: AccountName.optional(),
  email: Email.optional(),
  phone: Phone.optional(),
  address: WalletAddress.optional(),
  password: Password.optional(),
  emailCode: VerifyCode.optional(),
  phoneCode: VerifyCode.optional(),
  inviteCode: InviteCode.optional(),
});
export type RegisterBody = z.input<typeof RegisterBody>;

/** Sign in with an account name, email or phone and the login password. */
export const LoginBody = z.object({
  account: z.string().trim().min(1, 'Enter your account').max(254),
  password: z.string().min(1, 'Enter your password').max(64),
});
export type LoginBody = z.input<typeof LoginBody>;

/** Auto-login inside a wallet browser (spec 4.2): the EIP-1193 provider's address and platform name. */
export const AddressLoginBody = z.object({
  address: WalletAddress,
  platform: z.string().max(32).optional(),
});

export const UpdateLoginPwdQuery = z.object({
  oldPwd: z.string().min(1).max(64),
  newPwd: Password,
  userId: queryInt(z.number().int().positive()),
});
export const BackPwdQuery = z.object({ email: Email, newPwd: Password, emailCode: VerifyCode });
export const SendEmailCodeQuery = z.object({ codeType: CodeType, email: Email });
export const BindEmailQuery = z.object({ email: Email, emailCode: VerifyCode });
export const SendMobileCodeQuery = z.object({ codeType: CodeType, phone: Phone });
export const BindPhoneQuery = z.object({ phone: Phone, code: VerifyCode });
export const UnBindPhoneQuery = z.object({ code: VerifyCode });
export const LoginOutBody = z.object({}).loose().optional();
export const TradePwdSetQuery = z.object({ pwd: TradePassword });
/** signType "1" changes the login password, "2" the trade (fund) password. */
export const SignType = oneOf(['1', '2']);
export const UpdatePwdQuery = z.object({
  oldPwd: z.string().min(1).max(64),
  newPwd: z.string().min(1).max(64),
  signType: SignType,
});

/** Image URLs come from the upload call (/api/common/file/<id>). Primary needs realName, idCard, frontImg, backImg; senior needs handImg. */
export const UploadedUrl = lazySchema(() =>
  z.string().regex(/^\/api\/common\/file\/[A-Za-z0-9_-]{8,64}$/, 'Upload the image first'),
);
export const UploadKycQuery = z.object({
  level: KycLevel,
  realName: z.string().trim().min(2, 'Enter your full name').max(64).optional(),
  idCard: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, 'Invalid document number')
    .optional(),
  frontImg: UploadedUrl.optional(),
  backImg: UploadedUrl.optional(),
  handImg: UploadedUrl.optional(),
});

/** type: the withdraw channel, e.g. "USDT-TRC20". code: required when LOGIN_REGIS_SETTING.withdrawAddressCode is on (codeType withdrawAddress, sent to the bound email or phone). */
export const UpdateWithdrawAddressQuery = z.object({
  type: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'Invalid address type'),
  address: WalletAddress,
  code: VerifyCode.optional(),
});

// ---- reply data ----

export const TokenData = lazySchema(() => z.object({ satoken: z.string().min(22) }));

export const AssetEntry = lazySchema(() =>
  z.object({
    coin: z.string(),
    /** platform, finance or contract (the assets screen tabs, spec 2.4). */
    account: z.enum(['platform', 'finance', 'contract']),
    available: DecimalStr,
    frozen: DecimalStr,
  }),
);
export type AssetEntry = z.infer<typeof AssetEntry>;

export const WithdrawAddressEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    type: z.string(),
    address: z.string(),
    createTime: z.number().int(),
  }),
);
export type WithdrawAddressEntry = z.infer<typeof WithdrawAddressEntry>;

export const UserInfo = lazySchema(() =>
  z.object({
    id: z.number().int(),
    uid: z.string(),
    registerType: RegisterType,
    account: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    nickname: z.string(),
    level: z.number().int(),
    inviteCode: z.string(),
    hasTradePwd: z.boolean(),
    hasLoginPwd: z.boolean(),
    kyc: z.object({ primary: KycState, senior: KycState }),
    /** The current withdraw address (last entry of withdrawAddress); empty strings when none. */
    withdrawAddress: z.object({ type: z.string(), address: z.string() }),
    asset: z.array(AssetEntry),
    createTime: z.number().int(),
  }),
);
export type UserInfo = z.infer<typeof UserInfo>;

export const CountryCode = lazySchema(() => z.object({ iso: z.string(), name: z.string(), code: z.string() }));
export type CountryCode = z.infer<typeof CountryCode>;

export const FinanceAmount = lazySchema(() => z.object({ coin: z.string(), amount: DecimalStr }));
export const UserCoinEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    coin: z.string(),
    symbol: z.string(),
    sort: z.number().int(),
  }),
);
/** Add or remove one pair of the watchlist (WATCH-1): a listed pair's symbol, e.g. "btcusdt". */
export const WatchlistBody = z.object({
  symbol: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9._-]+$/, 'invalid symbol'),
});
/** Most pairs one watchlist holds (WATCH-1). */
export const WATCHLIST_MAX = 200;
export const UploadData = lazySchema(() => z.object({ url: UploadedUrl }));
export const Empty = lazySchema(() => z.null().optional());
/** A socket ticket for private streams on a gateway (BUS-5): signed, a minute long. */
export const SocketTicket = lazySchema(() => z.object({ ticket: z.string().min(1), expiresAt: z.number().int() }));
