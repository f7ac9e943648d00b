/**
 * The reference exchange's seeded settings: the built-in defaults of spec 9.3 (src/shared/defaultSettings.ts)
 * with the operator choices of this exchange on top. Differences from the built-in defaults:
 * - English is flagged the default language (the built-in defaults flag zh, spec 9.1), so newcomers see English;
 * - two support links (so the app's chooser is exercised), download links, headline figures, deposit coins;
 * - both identity verification levels on.
 */
import { buildDefaultSettings } from '../../../src/shared/defaultSettings';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import { SEED_NEW_USER_NOTICE_EN, SEED_VIP_CONTENT_EN } from './operatorTexts';

const noThird: never[] = [];

function depositCoin(
  coinName: string,
  coin: string,
  coinAddress: string,
  min: string,
  max: string,
): AllSettings['ASSET_COIN'][number] {
  return {
    coinName,
    coin,
    coinAddress,
    rechargeNum: 99999,
    rechargeMax: max,
    rechargeMin: min,
    extra: [],
    useSys: true,
    useThird: false,
    thirdList: noThird,
  };
}

export function seedSettings(): AllSettings {
  const s = buildDefaultSettings('en');
  // OPC-10: the English text here; the other languages in setting_texts (./operatorTexts.ts).
  s.LOGIN_REGIS_SETTING.newUserNotice = SEED_NEW_USER_NOTICE_EN;
  // OPC-8: no support or download link until the operator sets a real one (`npm run settings -- set ...`).
  s.SUPPORT_STAFF_SETTING = [];
  s.DOWNLOAD_SETTING = [];
  s.MARKET_URL = {
    url: '',
    adminCode: '',
    h5Code: '',
    spot: '1250000000',
    derivative: '8600000000',
    apy: '12.5',
    user: '2300000',
    tradeAmount: '52000000000',
  };
  s.AUTH_LIMIT = { primaryLimit: '1.001', isOpenPrimary: true, seniorLimit: '2.002', isOpenSenior: true };
  s.VIP_DIRECTIONS_SETTING = [
    { level: 0, title: 'VIP 0', content: SEED_VIP_CONTENT_EN[0] },
    { level: 1, title: 'VIP 1', content: SEED_VIP_CONTENT_EN[1] },
    { level: 2, title: 'VIP 2', content: SEED_VIP_CONTENT_EN[2] },
  ];
  s.ASSET_COIN = [
    depositCoin('USDT-TRC20', 'usdt', 'TDemoAddressForTestsOnly000000000', '1', '9999999'),
    depositCoin('USDT-ERC20', 'usdt', '0xDemoAddressForTestsOnly00000000000000000', '10', '9999999'),
    depositCoin('BTC', 'btc', 'bc1qdemoaddressfortestsonly0000000000000', '0.0001', '100'),
    depositCoin('ETH', 'eth', '0xDemoAddressForTestsOnly00000000000000001', '0.001', '1000'),
  ];
  s.DEFI_INCOME_SETTING = {
    totalOutput: '1843021.55',
    userBenefits: '921510.77',
    participant: 18620,
    validNode: 420,
    approveNumber: 16880,
    monitorNumber: 72,
  };
  return s;
}
