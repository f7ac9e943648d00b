import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, SCRYPT_N, setHashCostForTests } from './passwords';
import { sniffImage } from './sniff';

describe('[AUTH-1] password hashing', () => {
  // The server's cost here (the unit tests' setup lowers it for everything else).
  let testCost = SCRYPT_N;
  beforeAll(() => void (testCost = setHashCostForTests(SCRYPT_N)));
  afterAll(() => void setHashCostForTests(testCost));
  it('scrypt with its parameters and a random salt stored beside the hash', async () => {
    const a = await hashPassword('Right1234-Quartz');
    const b = await hashPassword('Right1234-Quartz');
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_N}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain('Right1234-Quartz');
  });
  it('verifies the right password only; a missing or malformed hash never verifies', async () => {
    const h = await hashPassword('Right1234-Quartz');
    expect(await verifyPassword('Right1234-Quartz', h)).toBe(true);
    expect(await verifyPassword('right1234', h)).toBe(false);
    expect(await verifyPassword('Right1234-Quartz', null)).toBe(false);
    expect(await verifyPassword('Right1234-Quartz', 'plain')).toBe(false);
  });
});

describe('[UPLOAD-1] image sniffing', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.mime).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))?.mime).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF87a...'))?.mime).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))?.mime).toBe('image/webp');
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });
});
