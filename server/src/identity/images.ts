/**
 * Uploaded images decoded and re-encoded by sharp before they are stored (SAFE-17, UPLOAD-1): the bytes must be
 * the image they claim to be (PNG, JPEG, WebP, GIF by their magic bytes, `sniff.ts`), at most 8000 x 8000 and
 * 40 megapixels (checked on the header before any pixel is decoded, and again by sharp's own pixel limit), and
 * decode without error; what is stored is only sharp's re-encoding, so no metadata (EXIF, GPS, XMP, ICC, comments)
 * and nothing appended to the image survives.
 *
 * Decoding runs on libuv's thread pool (sharp is async); `imageReencoder` bounds how many run at once and how many
 * wait, so a burst of uploads cannot take every thread from the rest of the server.
 */
import sharp, { type Metadata } from 'sharp';
import { ApiFail, TooManyRequests } from '../http/failures';
import { sniffImage, type ImageType } from './sniff';

export const MAX_IMAGE_SIDE = 8000;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Re-encodings at once, and waiting beyond them before an upload is answered 429. */
export const REENCODE_CONCURRENCY = 2;
export const REENCODE_QUEUE = 16;

export const MSG_NOT_IMAGE = 'Only PNG, JPEG, WebP or GIF images can be uploaded';
export const MSG_TOO_MANY_PIXELS = `The image is too large: at most ${MAX_IMAGE_SIDE} x ${MAX_IMAGE_SIDE} pixels and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
export const msgUnreadable = (t: ImageType) => `The file is not a readable ${t.name} image`;

/** sharp's name of each format sniffed, and what it is stored as. */
const SHARP_FORMAT: Record<string, string> = { png: 'png', jpg: 'jpeg', webp: 'webp', gif: 'gif' };
const PNG: ImageType = { mime: 'image/png', ext: 'png', name: 'PNG' };

export interface Reencoded {
  /** What is stored and served: the re-encoded image. */
  bytes: Buffer;
  type: ImageType;
}

/** Decodes `buf` and re-encodes it (throws ApiFail with a clear message when it is not an acceptable image). */
export async function reencodeImage(buf: Buffer): Promise<Reencoded> {
  const claimed = sniffImage(buf);
  if (!claimed) throw new ApiFail(MSG_NOT_IMAGE);
  // 'error': truncated or corrupt data is refused; benign decoder warnings of real camera files are not.
  const open = (limitInputPixels: number | false) => sharp(buf, { failOn: 'error', limitInputPixels });
  let meta: Metadata;
  try {
    // The header only (no pixel is decoded): without sharp's limit, so that a bomb gets the message on its size.
    meta = await open(false).metadata();
  } catch {
    throw new ApiFail(msgUnreadable(claimed));
  }
  if (meta.format !== SHARP_FORMAT[claimed.ext]) throw new ApiFail(msgUnreadable(claimed));
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || w * h > MAX_IMAGE_PIXELS) throw new ApiFail(MSG_TOO_MANY_PIXELS);
  if (w < 1 || h < 1) throw new ApiFail(msgUnreadable(claimed));
  // The EXIF orientation is applied to the pixels (the tag itself is dropped with the rest of the metadata).
  const img = open(MAX_IMAGE_PIXELS).rotate();
  try {
    switch (claimed.ext) {
      case 'png':
        return { bytes: await img.png().toBuffer(), type: claimed };
      case 'jpg':
        return { bytes: await img.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), type: claimed };
      case 'webp':
        return { bytes: await img.webp({ quality: 90 }).toBuffer(), type: claimed };
      default:
        // GIF: its first frame, stored as PNG (lossless; an identity document is a still image).
        return { bytes: await img.png().toBuffer(), type: PNG };
    }
  } catch (err) {
    if (err instanceof ApiFail) throw err;
    throw new ApiFail(msgUnreadable(claimed));
  }
}

/**
 * `reencodeImage` with at most `concurrency` running and `queue` waiting; beyond that the upload is answered
 * at once with 429 (TooManyRequests). One per server (no module-level state).
 */
export function imageReencoder(concurrency = REENCODE_CONCURRENCY, queue = REENCODE_QUEUE) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (buf: Buffer): Promise<Reencoded> => {
    if (running >= concurrency) {
      if (waiting.length >= queue) throw new TooManyRequests('Too many images being processed, try again in 1 s', 1);
      await new Promise<void>((go) => waiting.push(go));
    } else running++;
    try {
      return await reencodeImage(buf);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
