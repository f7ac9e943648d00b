/**
 * Seeded texts in English and Chinese: notices, terms, privacy, about and six help articles.
 * Other languages fall back to English per id (server/src/db/contentStore.ts).
 */
export interface SeedText {
  id: number;
  key: string;
  modelKey?: string;
  sort: number;
  en: { title: string; content: string };
  zh: { title: string; content: string };
}

export const SEED_NOTICES: SeedText[] = [
  {
    id: 1,
    key: 'NOTICE',
    modelKey: 'HOME',
    sort: 1,
    en: {
      title: 'Welcome to the OpenEx reference exchange',
      content:
        'Prices on this exchange come from a market simulator. Balances are for testing only and are not real money.',
    },
    zh: { title: '欢迎来到 OpenEx 参考交易所', content: '本交易所的价格来自行情模拟器。余额仅供测试，并非真实资金。' },
  },
  {
    id: 2,
    key: 'NOTICE',
    modelKey: 'TRADE',
    sort: 2,
    en: {
      title: 'Fifty coins listed against USDT',
      content: 'Spot, contracts, second contracts and options are open for fifty well-known coins.',
    },
    zh: { title: '五十种币对 USDT 上线', content: '五十种知名币种的现货、合约、秒合约与期权交易现已开放。' },
  },
  {
    id: 3,
    key: 'NOTICE',
    modelKey: '',
    sort: 3,
    en: {
      title: 'Scheduled maintenance',
      content: 'Withdrawals are processed between 11:00 and 23:00 (UTC+8). Deposits are credited at any time.',
    },
    zh: { title: '服务时间说明', content: '提现处理时间为 11:00 至 23:00（UTC+8），充值随时到账。' },
  },
  {
    id: 4,
    key: 'POPUP',
    modelKey: 'HOME',
    sort: 1,
    en: { title: 'Stay safe', content: 'OpenEx staff will never ask for your password or verification codes.' },
    zh: { title: '安全提示', content: 'OpenEx 工作人员绝不会向您索要密码或验证码。' },
  },
];

export const SEED_RULES: SeedText[] = [
  {
    id: 1,
    key: 'ABOUT',
    sort: 1,
    en: {
      title: 'About OpenEx',
      content:
        'OpenEx is an open-source web app for the customers of a crypto exchange, with a reference exchange server.\n\nThe reference server simulates a live market for fifty coins so that the app can be tried, tested and benchmarked end to end.',
    },
    zh: {
      title: '关于 OpenEx',
      content:
        'OpenEx 是面向加密货币交易所客户的开源网页应用，并附带参考交易所服务器。\n\n参考服务器为五十种币模拟实时行情，便于端到端地试用、测试与压测本应用。',
    },
  },
  {
    id: 2,
    key: 'TERMS',
    sort: 1,
    en: {
      title: 'Terms of service',
      content:
        'By using this service you agree to these terms.\n\nThe reference exchange is provided for evaluation only. Prices are simulated; balances have no value. Do not store real personal data.',
    },
    zh: {
      title: '服务条款',
      content:
        '使用本服务即表示您同意本条款。\n\n参考交易所仅供评估使用。价格为模拟数据，余额没有价值。请勿存放真实个人信息。',
    },
  },
  {
    id: 3,
    key: 'PRIVACY',
    sort: 1,
    en: {
      title: 'Privacy policy',
      content:
        'We store the data you enter (account, e-mail, phone) in the exchange database only, to run your account. Nothing is shared with third parties.',
    },
    zh: {
      title: '隐私政策',
      content: '您输入的数据（账户、邮箱、手机号）仅保存在交易所数据库中，用于运营您的账户，不会与第三方共享。',
    },
  },
  ...[
    [
      'How do I create an account?',
      'Tap Register, choose e-mail, phone or account name, enter the verification code and a password.',
      '如何注册账户？',
      '点击注册，选择邮箱、手机或账户名，输入验证码和密码即可。',
    ],
    [
      'How do I deposit?',
      'Open Wallet, choose Recharge, pick a coin and network and send funds to the address shown.',
      '如何充值？',
      '打开钱包，选择充值，选择币种和网络，向显示的地址转账。',
    ],
    [
      'How do I withdraw?',
      'Open Wallet, choose Withdraw, enter the address, amount and your trade password. Withdrawals are processed between 11:00 and 23:00 (UTC+8).',
      '如何提现？',
      '打开钱包，选择提现，输入地址、金额和交易密码。提现处理时间为 11:00 至 23:00（UTC+8）。',
    ],
    [
      'What is a second contract?',
      'A short-duration contract: you predict whether the price will be higher or lower after a fixed period.',
      '什么是秒合约？',
      '一种短周期合约：预测固定时间后价格上涨还是下跌。',
    ],
    [
      'What does leverage mean?',
      'Leverage multiplies both gains and losses of a futures position. Pairs offer 5x, 10x, 20x, 50x and 100x.',
      '杠杆是什么意思？',
      '杠杆会同时放大合约仓位的收益和亏损。交易对提供 5、10、20、50、100 倍杠杆。',
    ],
    [
      'How do I verify my identity?',
      'Open Account, choose Verification, and upload your documents for primary and then senior verification.',
      '如何进行身份认证？',
      '打开账户，选择认证，上传证件完成初级认证，再完成高级认证。',
    ],
  ].map(([enT, enC, zhT, zhC], i) => ({
    id: 101 + i,
    key: 'HELP',
    sort: i + 1,
    en: { title: enT, content: enC },
    zh: { title: zhT, content: zhC },
  })),
];
