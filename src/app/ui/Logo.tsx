/**
 * The exchange's logo (BRAND-1): the LOGO_SETTING wordmark when the platform sets one, else the drawn mark and
 * the brand name. `mark` shows the square mark alone, at `size` pixels (the sign-in wall shows it large).
 */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { settings } from '../state/settings';
import { MARK_PATH, wordmarkUrl } from './brand';
import { brandName, runtimeConfig } from '../api/runtimeConfig';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 28 28" aria-hidden="true" focusable="false" className="logo__mark">
      <rect width="28" height="28" rx="8" fill="var(--color-brand)" />
      <path d={MARK_PATH} stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="21" cy="10.2" r="1.7" fill="#fff" />
    </svg>
  );
}

export function Logo({ compact, mark, size = 28 }: { compact?: boolean; mark?: boolean; size?: number }) {
  const snap = useSnapshot(settings);
  const { t } = useTranslation('common');
  // DEPLOY-2: the platform's wordmark, else config.json's; the name likewise from config.json, else the default.
  const url = wordmarkUrl(snap.config.LOGO_SETTING) ?? runtimeConfig().brandLogo;
  const name = brandName(t);
  if (url) return <img src={url} alt={name} height={size} className="logo__img" />;
  if (mark) return <BrandMark size={size} />;
  return (
    <span className="logo">
      <BrandMark size={size} />
      <span className={compact ? 'visually-hidden' : 'logo__text'}>{name}</span>
    </span>
  );
}
