/**
 * Platform settings (spec 3.3): one schema per setting key, and `AllSettings`, the `data` of
 * GET /api/common/getAllSetting (an object keyed by setting name). Besides the keys of 3.3 the reply carries
 * `languageList` (the language dictionary) and `timeZoneList` (the 38 zones of 4.6).
 * Money, rates and limits are decimal strings; counts are integers; on/off flags are booleans.
 */
import { z } from 'zod';
import { Count, Flag, TimeOfDay, UrlStr } from './common';
import { DecimalStr } from '../money';
import { LanguageEntry, TimeZoneEntry, TimeZoneSetting } from './dictionary';

export const LoginRegisSetting = z.object({
  emailIsOpen: Flag,
  phoneIsOpen: Flag,
  /** Ordinary (user-name) account registration. */
  ordinaryIsOpen: Flag,
  /** Registration with a wallet address. */
  addressIsOpen: Flag,
  /** Credit score a new account starts with (9.3: minimum credits 80). */
  credits: Count,
  inviteCodeRequired: Flag,
  emailCode: Flag,
  phoneCode: Flag,
  accountCode: Flag,
  walletOnly: Flag,
  /** How customer service is reached: "link" (SUPPORT_STAFF_SETTING urls) or "chat". */
  serviceType: z.string(),
  autoLogin: Flag,
  /** Text shown to new users after registration; empty for none. */
  newUserNotice: z.string(),
  authenticationCode: Flag,
  withdrawAddressCode: Flag,
  withdrawPwdCode: Flag,
});

export const PlayingEntry = z.object({ name: z.string().min(1), isOpen: Flag, sort: Count });

export const MingSettlementSetting = z.object({
  useEnable: Flag,
  /** 1: settle daily, 2: settle at maturity. */
  settlementType: z.number().int().min(1).max(2),
  settlementDay: Count,
  autoRenew: Flag,
  /** Account the cost is taken from ("asset" or "finance"). */
  costAccount: z.string(),
  /** Account the principal is locked in. */
  lockAccount: z.string(),
});

export const SupportStaffEntry = z.object({ name: z.string().min(1), url: UrlStr, imgUrl: UrlStr });

export const MarketUrlSetting = z.object({
  url: UrlStr,
  adminCode: z.string(),
  h5Code: z.string(),
  /** Headline figures shown on the home page. */
  spot: DecimalStr,
  derivative: DecimalStr,
  apy: DecimalStr,
  user: DecimalStr,
  tradeAmount: DecimalStr,
});

export const LogoSetting = z.object({ logo: UrlStr, logoA: UrlStr, logoB: UrlStr, logoC: UrlStr, logoD: UrlStr });

export const WithdrawalSetting = z.object({
  /** Fee in percent of the amount. */
  ratio: DecimalStr,
  dayWithdrawalNum: Count,
  /** Withdrawals per day without fee. */
  freeNum: Count,
  withdrawalMax: DecimalStr,
  /** The minimum (the spec's spelling). */
  withdrawalMix: DecimalStr,
  sameAddress: Flag,
  sameUser: Flag,
  allowChange: Flag,
  checkPass: Flag,
  checkCode: Flag,
  checkTax: Flag,
  checkLoan: Flag,
  feeTax: DecimalStr,
  coinTax: z.string(),
  /** When on, withdrawals are accepted only between limitTimeStart and limitTimeEnd (platform time zone). */
  limitTime: Flag,
  limitTimeStart: TimeOfDay,
  limitTimeEnd: TimeOfDay,
});

export const ThirdChannel = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  coin: z.string(),
  useAddress: Flag,
  status: Flag,
});

export const WithdrawalChannel = z.object({
  status: Flag,
  /** Channel name, e.g. "USDT-TRC20", "BANK". */
  rechargeName: z.string().min(1),
  /** Coin or currency of the channel, e.g. "usdt", "cny". */
  rechargeType: z.string().min(1),
  /** 0: coin address, 1: bank. */
  type: z.number().int().min(0).max(1),
  /** Fixed fee per withdrawal. */
  fee: DecimalStr,
  /** Fee in percent of the amount. */
  ratio: DecimalStr,
  dayWithdrawalNum: Count,
  freeNum: Count,
  withdrawalMax: DecimalStr,
  withdrawalMix: DecimalStr,
  useSys: Flag,
  useThird: Flag,
  thirdList: z.array(ThirdChannel),
});

export const HomeCoinEntry = z.object({ coin: z.string().min(1), sort: Count, isOpen: Flag });
export const DownloadEntry = z.object({ name: z.enum(['android', 'apple']), url: UrlStr, sort: Count, isOpen: Flag });
export const TabEntry = z.object({ name: z.string().min(1), isOpen: Flag, sort: Count, keyStr: z.string() });

/** VIP levels 0 to 12 (spec 6). */
export const VIP_LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
type VipKey = `vip${(typeof VIP_LEVELS)[number]}${'Start' | 'End'}`;
const vipThresholds = Object.fromEntries(
  VIP_LEVELS.flatMap((i) => [
    [`vip${i}Start`, DecimalStr],
    [`vip${i}End`, DecimalStr],
  ]),
) as Record<VipKey, typeof DecimalStr>;
/** isOpen plus vip0Start, vip0End ... vip12Start, vip12End (amount thresholds, decimal strings). */
export const VipLevelSetting = z.object({ isOpen: Flag, ...vipThresholds });

export const FinancialRebateSetting = z.object({
  isOpen: Flag,
  oneRatio: DecimalStr,
  twoRatio: DecimalStr,
  threeRatio: DecimalStr,
});

export const AuthLimit = z.object({
  primaryLimit: DecimalStr,
  isOpenPrimary: Flag,
  seniorLimit: DecimalStr,
  isOpenSenior: Flag,
});

/** Fields not shown by the spec: a list of free-form entries. */
export const VipDirections = z.array(z.record(z.string(), z.unknown()));

export const TraderSetting = z.object({
  shareRate: DecimalStr,
  maxUserCount: Count,
  defaultUserCount: Count,
  traderMinAmount: DecimalStr,
  highRebate: DecimalStr,
  perUser: DecimalStr,
  totalRebate: DecimalStr,
  totalUserCount: Count,
  totalAmountCount: DecimalStr,
});

export const AssetCoin = z.object({
  coinName: z.string().min(1),
  coin: z.string().min(1),
  coinAddress: z.string(),
  rechargeNum: Count,
  rechargeMax: DecimalStr,
  rechargeMin: DecimalStr,
  extra: z.array(z.object({ coinName: z.string(), coinAddress: z.string() })),
  useSys: Flag,
  useThird: Flag,
  thirdList: z.array(ThirdChannel),
});

export const DefiIncomeSetting = z.object({
  totalOutput: DecimalStr,
  userBenefits: DecimalStr,
  participant: Count,
  validNode: Count,
  approveNumber: Count,
  monitorNumber: Count,
});

/** Every setting key of spec 3.3 with its schema (the stored rows of the settings table). */
export const SETTING_SCHEMAS = {
  LOGIN_REGIS_SETTING: LoginRegisSetting,
  PLAYING_SETTING: z.array(PlayingEntry),
  MING_SETTLEMENT_SETTING: MingSettlementSetting,
  SUPPORT_STAFF_SETTING: z.array(SupportStaffEntry),
  MARKET_URL: MarketUrlSetting,
  LOGO_SETTING: LogoSetting,
  WITHDRAWAL_SETTING: WithdrawalSetting,
  WITHDRAWAL_CHANNEL_SETTING: z.array(WithdrawalChannel),
  HOME_COIN_SETTING: z.array(HomeCoinEntry),
  DOWNLOAD_SETTING: z.array(DownloadEntry),
  TAB_SETTING: z.array(TabEntry),
  VIP_LEVEL_SETTING: VipLevelSetting,
  timeZone: TimeZoneSetting,
  FINANCIAL_REBATE_SETTING: FinancialRebateSetting,
  AUTH_LIMIT: AuthLimit,
  VIP_DIRECTIONS_SETTING: VipDirections,
  languageList: z.array(LanguageEntry),
  TRADER_SETTING: TraderSetting,
  ASSET_COIN: z.array(AssetCoin),
  DEFI_INCOME_SETTING: DefiIncomeSetting,
} as const;
export type SettingKey = keyof typeof SETTING_SCHEMAS;
export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

/**
 * `data` of getAllSetting: every key of 3.3 plus the 38-zone table, and `devOutbox: true` only when the server's
 * development mailbox is on (DEV-1, SAFE-1: outside production, on a loopback bind or with DEV_MAILBOX=1; the app
 * then shows its development mailbox; any other reply has no such key).
 */
export const AllSettings = z.object({
  ...SETTING_SCHEMAS,
  timeZoneList: z.array(TimeZoneEntry),
  devOutbox: z.literal(true).optional(),
});
export type AllSettings = z.infer<typeof AllSettings>;
