import { describe, expect, it } from 'vitest';
import { addressFormat, normalizeAddress } from './withdrawAddress';

describe('[WDR-9] address formats per network', () => {
  it('knows the network of a channel', () => {
    expect(addressFormat('USDT-TRC20')).toBe('TRC20');
    expect(addressFormat('USDT-ERC20')).toBe('ERC20');
    expect(addressFormat('ETH')).toBe('ERC20');
    expect(addressFormat('BTC')).toBe('BTC');
    expect(addressFormat('BANK', true)).toBe('BANK');
    expect(addressFormat('DOGE')).toBe('OTHER');
  });

  it('accepts the valid forms and refuses the rest', () => {
    expect(normalizeAddress(' TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE ', 'TRC20')).toBe(
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    );
    expect(normalizeAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS0', 'TRC20')).toBeUndefined(); // 0 is not base58
    expect(normalizeAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS', 'TRC20')).toBeUndefined(); // 33
    expect(normalizeAddress('0x52908400098527886E0F7030069857D2E4169EE7', 'ERC20')).toBeDefined();
    expect(normalizeAddress('0x52908400098527886E0F7030069857D2E4169EE', 'ERC20')).toBeUndefined();
    expect(normalizeAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BTC')).toBeDefined();
    expect(normalizeAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'BTC')).toBeDefined();
    expect(normalizeAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'BTC')).toBeDefined();
    expect(normalizeAddress('bc1qnotvalid!', 'BTC')).toBeUndefined();
    expect(normalizeAddress('DE89 3704 0044 0532 0130 00', 'BANK')).toBe('DE89370400440532013000');
    expect(normalizeAddress('12345', 'BANK')).toBeUndefined();
  });
});
