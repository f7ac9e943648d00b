import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../http/failures';
import { imageReencoder, reencodeImage } from './images';
import { realImage, tinyPng } from './testImages';

describe('[SAFE-17] re-encoding, bounded', () => {
  it('[SAFE-17] at most `concurrency` decodes run and `queue` wait; beyond, 429 at once; the queue drains in order', async () => {
    const reencode = imageReencoder(1, 1);
    const img = await realImage('png', 400, 300);
    const first = reencode(img);
    const second = reencode(img);
    const third = reencode(img);
    await expect(third).rejects.toBeInstanceOf(TooManyRequests);
    await expect(third).rejects.toThrow('Too many images being processed, try again in 1 s');
    expect((await first).type.mime).toBe('image/png');
    expect((await second).type.mime).toBe('image/png');
    // Free again once the queue drained.
    expect((await reencode(tinyPng())).type.mime).toBe('image/png');
  });

  it('[SAFE-17] a GIF is stored as its first frame in PNG', async () => {
    const r = await reencodeImage(await realImage('gif'));
    expect(r.type).toEqual({ mime: 'image/png', ext: 'png', name: 'PNG' });
    expect(r.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});
