/**
 * The wallet's blocks for data it fetched and cannot show yet (spec 2.3): the failure, with the reason when there
 * is one and a retry, and "loading". One of each for the balances, channels, coins and record lists of the
 * wallet's screens, so they all look and read alike.
 */
import { useTranslation } from 'react-i18next';

export function LoadFailed({
  title,
  detail,
  onRetry,
  retryLabel,
  testId,
  alert = true,
}: {
  title: string;
  /** The reason, when the server or the client gave one. */
  detail?: string | null;
  onRetry: () => void;
  /** The button's word, "Try again" unless the screen words it otherwise. */
  retryLabel?: string;
  testId?: string;
  /** False when the block sits in a container that is the alert itself. */
  alert?: boolean;
}) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-state" role={alert ? 'alert' : undefined} data-testid={testId}>
      <p className="wallet-state__title">{title}</p>
      {detail ? <p className="wallet-state__detail">{detail}</p> : null}
      <button type="button" className="fbtn fbtn--secondary" onClick={onRetry}>
        {retryLabel ?? t('state.retry')}
      </button>
    </div>
  );
}

export function Loading({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="wallet-state" aria-busy="true" data-testid={testId}>
      {text}
    </p>
  );
}
