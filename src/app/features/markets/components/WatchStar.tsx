/**
 * The watchlist star of a pair (TRADE-15): pressed when the pair is a favourite. Signed in, a press adds or removes
 * it at once and the server's answer confirms it (a refusal puts it back with a toast naming the reason); signed
 * out, it leads to the sign-in page. The row it sits in is not opened by it.
 */
import { memo, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { APP_PATHS, withReturn } from '../../../ui/appPaths';
import { toast } from '../../../state/toast';
import { isWatched, setWatched, useWatchUid, watchlist } from '../watchlist';
import './WatchStar.css';

export interface WatchStarProps {
  symbol: string;
  /** The pair as read ("BTC/USDT"), for the accessible name. */
  pair: string;
  size?: number;
  className?: string;
}

/** The star's look and name, without hooks (tested on its own). */
export function WatchStarView({
  on,
  label,
  size = 16,
  className,
  onPress,
}: {
  on: boolean;
  label: string;
  size?: number;
  className?: string;
  onPress?: (e: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      type="button"
      className={`wstar${on ? ' is-on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={onPress}
      data-testid="watch-star"
    >
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 2.8l2.83 5.73 6.32.92-4.57 4.46 1.08 6.3L12 17.24l-5.66 2.97 1.08-6.3-4.57-4.46 6.32-.92z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

export const WatchStar = memo(function WatchStar({ symbol, pair, size, className }: WatchStarProps) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const uid = useWatchUid();
  const snap = useSnapshot(watchlist);
  const on = uid !== '' && isWatched(snap, symbol);
  const press = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    e.stopPropagation();
    if (!uid) {
      // PUB-2: a visitor's star leads to sign-in and back to this page.
      navigate(withReturn(APP_PATHS.account.login, pathname + search));
      return;
    }
    setWatched(uid, symbol, !on).catch((err: unknown) =>
      toast(t('watchFailed', { reason: err instanceof Error ? err.message : String(err) }), { kind: 'error' }),
    );
  };
  return (
    <WatchStarView
      on={on}
      label={on ? t('watchRemove', { pair }) : t('watchAdd', { pair })}
      size={size}
      className={className}
      onPress={press}
    />
  );
});
