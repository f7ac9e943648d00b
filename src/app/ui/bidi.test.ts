import { describe, expect, it } from 'vitest';
import { isolate, textDir } from './bidi';

describe('operator text direction', () => {
  it('[OPC-6] Arabic reads right to left even after a Latin ticker; English, Chinese and Thai left to right', () => {
    expect(textDir('USDT مرن')).toBe('rtl');
    expect(textDir('USDT 30 يومًا')).toBe('rtl');
    expect(textDir('Maintenance window tonight.')).toBe('ltr');
    expect(textDir('USDT 活期')).toBe('ltr');
    expect(textDir('USDT แบบยืดหยุ่น')).toBe('ltr');
    expect(textDir('12.5 %')).toBeUndefined();
    expect(isolate('USDT Flexible')).toBe('\u2066USDT Flexible\u2069');
    expect(isolate('USDT مرن')).toBe('\u2067USDT مرن\u2069');
  });
});
