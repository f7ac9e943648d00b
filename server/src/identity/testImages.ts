/** Small real images, hostile ones (SAFE-17) and a multipart encoder for the upload tests. */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { userApi } from '../../../src/shared/api/user';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * A PNG whose header declares `width` x `height` (RGB, 8 bits) with one row of data: a valid 1x1 red PNG by
 * default; with large dimensions, a decompression bomb's header (a few dozen bytes that would decode to gigabytes).
 */
export function tinyPng(width = 1, height = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 40 x 30 image made by sharp in one of the four accepted formats. */
export function realImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF (copyright, artist, GPS position) and an ICC profile. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
      },
    })
    .withIccProfile('p3')
    .toBuffer();
}

/** A PNG padded to exactly `size` bytes (padding after IEND: still sniffed as PNG). */
export function pngOfSize(size: number): Buffer {
  const png = tinyPng();
  return Buffer.concat([png, Buffer.alloc(size - png.length, 0)]);
}

export function multipart(filename: string, content: Buffer, contentType = 'image/png', field = 'file') {
  const boundary = '----accountsTestBoundary' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a 1x1 PNG as `token`'s user through the real upload route; returns the stored image's URL. */
export async function uploadTinyPng(
  app: { inject(o: object): Promise<{ json(): { data: { url: string } } }> },
  token: string,
): Promise<string> {
  const m = multipart('id.png', tinyPng());
  const res = await app.inject({
    method: 'POST',
    url: userApi.uploadOSS.path,
    headers: { 'content-type': m.contentType, satoken: token },
    payload: m.payload,
  });
  return res.json().data.url;
}
