/** Image type by content (magic bytes), never by file name or declared type. */
export interface ImageType {
  mime: string;
  ext: string;
  /** For messages: "PNG", "JPEG"... */
  name: string;
}

const starts = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(b: Buffer): ImageType | undefined {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png', name: 'PNG' };
  if (starts(b, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', name: 'JPEG' };
  if (starts(b, ascii('GIF87a')) || starts(b, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif', name: 'GIF' };
  if (starts(b, ascii('RIFF')) && starts(b, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp', name: 'WebP' };
  return undefined;
}
