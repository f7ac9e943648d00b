/**
 * A QR code as one SVG path (DEP-9): the text is encoded by uqr (MIT, vendored in ./qr from unjs/uqr at
 * 00691ca, itself Project Nayuki's QR Code generator; licence in ./qr/LICENSE) at error correction level M,
 * drawn dark on white with a quiet zone, so any wallet's camera reads it.
 */
import { useMemo } from 'react';
import { encode } from './qr/encode';

export function QrCode({ text, size = 168, label }: { text: string; size?: number; label: string }) {
  const { d, n } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    let path = '';
    qr.data.forEach((row, y) =>
      row.forEach((on, x) => {
        if (on) path += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { d: path, n: qr.size };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      data-testid="deposit-qr"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#111" />
    </svg>
  );
}
