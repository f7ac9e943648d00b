/**
 * The share poster (INVUI-3): an SVG card with the brand, a line of invitation, the code, the QR code of the link
 * and the link itself; "Download" draws the same SVG on a canvas and saves it as a PNG.
 */
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../ui/QrCode';
import { brandName } from '../../../api/runtimeConfig';

export const POSTER_W = 360;
export const POSTER_H = 560;

export const Poster = forwardRef<SVGSVGElement, { code: string; link: string }>(function Poster({ code, link }, ref) {
  const { t } = useTranslation(['invite', 'common']);
  const shortLink = link.replace(/^https?:\/\//, '');
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      width={POSTER_W}
      height={POSTER_H}
      viewBox={`0 0 ${POSTER_W} ${POSTER_H}`}
      role="img"
      aria-label={t('invite:poster.label', { code })}
      data-testid="invite-poster"
      className="invite-poster"
    >
      <defs>
        <linearGradient id="invite-poster-bg" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b1f3a" />
          <stop offset="1" stopColor="#12315c" />
        </linearGradient>
      </defs>
      <rect width={POSTER_W} height={POSTER_H} rx="18" fill="url(#invite-poster-bg)" />
      <text x="28" y="56" fill="#f0b90b" fontSize="22" fontWeight="700" fontFamily="system-ui, sans-serif">
        {brandName(() => t('common:brand'))}
      </text>
      <text x="28" y="104" fill="#ffffff" fontSize="26" fontWeight="700" fontFamily="system-ui, sans-serif">
        {t('invite:poster.headline')}
      </text>
      <text x="28" y="134" fill="#b8c4d6" fontSize="14" fontFamily="system-ui, sans-serif">
        {t('invite:poster.subtitle')}
      </text>
      <rect x="80" y="170" width="200" height="200" rx="10" fill="#ffffff" />
      <g transform="translate(90 180)">
        <QrCode text={link} size={180} label={t('invite:qr')} />
      </g>
      <text x="180" y="414" textAnchor="middle" fill="#b8c4d6" fontSize="13" fontFamily="system-ui, sans-serif">
        {t('invite:code')}
      </text>
      <text
        x="180"
        y="450"
        textAnchor="middle"
        fill="#ffffff"
        fontSize="30"
        fontWeight="700"
        letterSpacing="4"
        fontFamily="ui-monospace, monospace"
      >
        {code}
      </text>
      <text x="180" y="512" textAnchor="middle" fill="#8da2c0" fontSize="11" fontFamily="ui-monospace, monospace">
        {shortLink.length > 52 ? `${shortLink.slice(0, 49)}...` : shortLink}
      </text>
    </svg>
  );
});

/** Draws the poster SVG on a canvas at 2x and downloads it as `invite-CODE.png`. */
export async function downloadPoster(svg: SVGSVGElement, code: string): Promise<void> {
  const xml = new XMLSerializer().serializeToString(svg);
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('poster image failed'));
    img.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_W * 2;
  canvas.height = POSTER_H * 2;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no canvas');
  g.scale(2, 2);
  g.drawImage(img, 0, 0, POSTER_W, POSTER_H);
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = `invite-${code}.png`;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
