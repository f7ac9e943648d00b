import { describe, expect, it } from 'vitest';
import type { WithdrawChannel } from '../../../../shared/schemas/withdraw';
import { addressOk, quoteFor, withdrawCoins } from './withdrawForm';

const TRC: WithdrawChannel = {
  coin: 'USDT',
  type: 'USDT-TRC20',
  addressFormat: 'TRC20',
  open: true,
  fee: '0',
  ratio: '10',
  freeNum: 0,
  dayWithdrawalNum: 10,
  min: '12',
  max: '100000',
  precision: 6,
  usedToday: 0,
  freeLeft: 0,
  countLeft: 10,
  limitTime: false,
  limitTimeStart: '11:00:00',
  limitTimeEnd: '23:00:00',
  timeZone: '+08:00',
  offsetMinutes: 480,
  inWindow: true,
  checkPass: true,
  checkCode: false,
  available: '10000',
  maxAmount: '9090.90909',
};

describe('[WDR-16] the withdraw form runs the shared rules as the user types', () => {
  it('shows the fee, what arrives and the total; refuses what the server would', () => {
    expect(quoteFor(TRC, '100', 0)).toMatchObject({ fee: '10', receive: '100', total: '110', problems: [] });
    expect(quoteFor({ ...TRC, max: '500' }, '600', 0).problems).toEqual([{ rule: 'max', max: '500' }]);
    expect(quoteFor(TRC, '5', 0).problems).toEqual([{ rule: 'min', min: '12' }]);
    expect(quoteFor(TRC, '', 0).maxAmount).toBe('9090.90909');
  });

  it('checks the address with its network and lists each coin once', () => {
    expect(addressOk(TRC, '0x52908400098527886E0F7030069857D2E4169EE7')).toBeUndefined();
    expect(addressOk(TRC, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    expect(withdrawCoins([TRC, { ...TRC, type: 'USDT-ERC20' }, { ...TRC, coin: 'ETH', type: 'ETH' }])).toEqual([
      'USDT',
      'ETH',
    ]);
  });
});
