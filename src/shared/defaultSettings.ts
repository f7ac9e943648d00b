/**
 * The built-in default platform config (spec 4.4, 9.3): what the app uses when the server's settings cannot
 * load, and the base of the reference server's seed. Validates against AllSettings (tested).
 * Values given by spec 9.3 are used as given; the others are sensible choices, marked "(ours)".
 * As spec 9.1 says, the default settings flag zh as the default language.
 */
import { SETTINGS_DEFAULT_LANGUAGE, DEFAULT_TIMEZONE_ID, DEFAULT_TIMEZONE_OFFSET } from './constants';
import { languageDictionary } from './schemas/languages';
import type { AllSettings } from './schemas/settings';
import { VIP_LEVELS } from './schemas/settings';
import { TIME_ZONES, offsetValue } from './schemas/timeZones';

/** VIP thresholds of 9.3 for levels 0-6; levels 7-12 (ours) continue the progression. */
const VIP_RANGES: Array<[string, string]> = [
  ['0', '100'],
  ['101', '500'],
  ['501', '1000'],
  ['1001', '3000'],
  ['3001', '10000'],
  ['10001', '20000'],
  ['20001', '50000'],
  ['50001', '100000'],
  ['100001', '200000'],
  ['200001', '500000'],
  ['500001', '1000000'],
  ['1000001', '5000000'],
  ['5000001', '10000000'],
];

function vipLevels(isOpen: boolean): AllSettings['VIP_LEVEL_SETTING'] {
  const v: Record<string, string | boolean> = { isOpen };
  for (const i of VIP_LEVELS) {
    v[`vip${i}Start`] = VIP_RANGES[i][0];
    v[`vip${i}End`] = VIP_RANGES[i][1];
  }
  return v as AllSettings['VIP_LEVEL_SETTING'];
}

const noThird: never[] = [];

function channel(
  rechargeName: string,
  rechargeType: string,
  over: Partial<AllSettings['WITHDRAWAL_CHANNEL_SETTING'][number]>,
): AllSettings['WITHDRAWAL_CHANNEL_SETTING'][number] {
  return {
    status: true,
    rechargeName,
    rechargeType,
    type: 0,
    fee: '0',
    ratio: '0',
    dayWithdrawalNum: 10,
    freeNum: 0,
    withdrawalMax: '100000',
    withdrawalMix: '1',
    useSys: true,
    useThird: false,
    thirdList: noThird,
    ...over,
  };
}

export function buildDefaultSettings(defaultLanguage: string = SETTINGS_DEFAULT_LANGUAGE): AllSettings {
  return {
    LOGIN_REGIS_SETTING: {
      emailIsOpen: true,
      phoneIsOpen: true,
      ordinaryIsOpen: true,
      addressIsOpen: false,
      credits: 80, // 9.3 minimum credits
      inviteCodeRequired: false,
      emailCode: true,
      phoneCode: false,
      accountCode: false,
      walletOnly: false,
      serviceType: 'link',
      autoLogin: false,
      newUserNotice: '',
      authenticationCode: false,
      withdrawAddressCode: false,
      withdrawPwdCode: true,
    },
    PLAYING_SETTING: [
      { name: 'SecondContract', isOpen: true, sort: 1 },
      { name: 'BBTrading', isOpen: true, sort: 2 },
      { name: 'Ustandard', isOpen: true, sort: 3 },
      { name: 'Option', isOpen: true, sort: 4 },
    ],
    MING_SETTLEMENT_SETTING: {
      useEnable: true,
      settlementType: 1,
      settlementDay: 1,
      autoRenew: false,
      costAccount: 'asset',
      lockAccount: 'finance',
    },
    SUPPORT_STAFF_SETTING: [],
    MARKET_URL: {
      url: '',
      adminCode: '',
      h5Code: '',
      spot: '0',
      derivative: '0',
      apy: '0',
      user: '0',
      tradeAmount: '0',
    },
    LOGO_SETTING: { logo: '', logoA: '', logoB: '', logoC: '', logoD: '' },
    // 9.3 general withdrawal
    WITHDRAWAL_SETTING: {
      ratio: '10',
      dayWithdrawalNum: 10,
      freeNum: 0,
      withdrawalMax: '100000',
      withdrawalMix: '12',
      sameAddress: false,
      sameUser: false,
      allowChange: true,
      checkPass: true,
      checkCode: false,
      checkTax: false,
      checkLoan: false,
      feeTax: '0',
      coinTax: 'usdt',
      limitTime: true,
      limitTimeStart: '11:00:00',
      limitTimeEnd: '23:00:00',
    },
    // 9.3 channels
    WITHDRAWAL_CHANNEL_SETTING: [
      channel('USDT-ERC20', 'usdt', { fee: '3', dayWithdrawalNum: 5, withdrawalMax: '1000000', withdrawalMix: '1' }),
      channel('USDT-TRC20', 'usdt', { ratio: '10', dayWithdrawalNum: 10, withdrawalMix: '12' }),
      channel('ETH', 'eth', { ratio: '0.1', withdrawalMix: '0.000001', freeNum: 3, withdrawalMax: '1000' }),
      channel('BTC', 'btc', { fee: '1', withdrawalMix: '0.0001', withdrawalMax: '100' }),
      channel('BANK', 'cny', { type: 1, ratio: '0.1', freeNum: 3, withdrawalMix: '1' }),
    ],
    HOME_COIN_SETTING: ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX', 'AVAX', 'LINK'].map((coin, i) => ({
      coin,
      sort: i + 1,
      isOpen: true,
    })),
    DOWNLOAD_SETTING: [
      { name: 'android', url: '', sort: 1, isOpen: true },
      { name: 'apple', url: '', sort: 2, isOpen: true },
    ],
    // The bottom tab bar of spec 2.2.
    TAB_SETTING: [
      { name: 'home', isOpen: true, sort: 1, keyStr: '/' },
      { name: 'store', isOpen: true, sort: 2, keyStr: '/store' },
      { name: 'trade', isOpen: true, sort: 3, keyStr: '/flash' },
      { name: 'finance', isOpen: true, sort: 4, keyStr: '/finance' },
      { name: 'my', isOpen: true, sort: 5, keyStr: '/wallet' },
    ],
    VIP_LEVEL_SETTING: vipLevels(false), // 9.3 / 6: disabled by default
    timeZone: {
      zoneId: DEFAULT_TIMEZONE_ID,
      offSet: DEFAULT_TIMEZONE_OFFSET,
      offSetValue: offsetValue(DEFAULT_TIMEZONE_OFFSET),
    },
    FINANCIAL_REBATE_SETTING: { isOpen: false, oneRatio: '1', twoRatio: '2', threeRatio: '3' },
    AUTH_LIMIT: { primaryLimit: '1.001', isOpenPrimary: false, seniorLimit: '2.002', isOpenSenior: true },
    VIP_DIRECTIONS_SETTING: [],
    languageList: languageDictionary(defaultLanguage),
    TRADER_SETTING: {
      shareRate: '0.2',
      maxUserCount: 2500,
      defaultUserCount: 100,
      traderMinAmount: '1000',
      highRebate: '40',
      perUser: '0',
      totalRebate: '0',
      totalUserCount: 0,
      totalAmountCount: '0',
    },
    // 9.3 recharge USDT-TRC20
    ASSET_COIN: [
      {
        coinName: 'USDT-TRC20',
        coin: 'usdt',
        coinAddress: '',
        rechargeNum: 99999,
        rechargeMax: '9999999',
        rechargeMin: '1',
        extra: [],
        useSys: true,
        useThird: false,
        thirdList: noThird,
      },
    ],
    DEFI_INCOME_SETTING: {
      totalOutput: '0',
      userBenefits: '0',
      participant: 0,
      validNode: 0,
      approveNumber: 0,
      monitorNumber: 0,
    },
    timeZoneList: TIME_ZONES.map((z) => ({ ...z })),
  };
}

/** The built-in default config of spec 4.4 / 9.3 (zh flagged default, as 9.1 says). */
export const DEFAULT_SETTINGS: AllSettings = buildDefaultSettings();
