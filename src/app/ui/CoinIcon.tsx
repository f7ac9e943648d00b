/**
 * A coin's logo (BRAND-3), decorative beside the coin's name: the packaged icon when there is one, else a neutral
 * round mark with the coin's first letter (drawn by CSS, so it never joins the text of the pair beside it). Same
 * size either way, so rows never shift when the manifest arrives.
 */
import { useSyncExternalStore } from 'react';
import { coinIconsSnapshot, coinIconUrl, fallbackHue, iconKey, subscribeCoinIcons } from './coinIcons';
import './coinIcon.css';

export function CoinIcon({ coin, size = 20, className }: { coin: string; size?: number; className?: string }) {
  const s = useSyncExternalStore(subscribeCoinIcons, coinIconsSnapshot, coinIconsSnapshot);
  const url = coinIconUrl(s, coin);
  const cls = `coin-icon${className ? ` ${className}` : ''}`;
  const box = { width: size, height: size };
  if (url) return <img className={cls} src={url} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  if (url === null) return <span className={`${cls} coin-icon--pending`} style={box} aria-hidden="true" />;
  const letter = iconKey(coin).charAt(0) || '?';
  return (
    <span
      className={`${cls} coin-icon--fallback`}
      style={{ ...box, fontSize: Math.round(size * 0.5), ['--coin-hue' as string]: fallbackHue(coin) }}
      aria-hidden="true"
      data-coin-fallback={iconKey(coin)}
      data-letter={letter}
    />
  );
}
