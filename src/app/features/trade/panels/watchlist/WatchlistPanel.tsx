/**
 * The watchlist tab (Optional, TRADE-7, TRADE-15): the signed-in user's favourite pairs (7.1 getUserCoin, the
 * shared watchlist store, kept in the global hasCollectCoin of 3.5) as a titled list with live prices and a star
 * on each row to remove it, an empty state that leads to the markets, an error state with a retry, or a sign-in
 * prompt when signed out. A change made in another tab or on another device shows here without a reload.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../../../../state/settings';
import { EmptyState } from '../../../../ui/EmptyState';
import { DataState } from '../../../../ui/DataState';
import { mergeCoinLists, type CoinLists } from '../../../../market/coins';
import { loadWatchlist, MarketTable, useWatchUid, watchlist, WatchlistSync, WatchStar } from '../../../markets';
import { SignInCta } from '../../../../ui/SignInCta';
import { APP_PATHS } from '../../../../ui/appPaths';

export function WatchlistPanel({ desktop }: { desktop: boolean }) {
  const { t } = useTranslation('market');
  const uid = useWatchUid();
  const { symbols, status, error } = useSnapshot(watchlist);
  const snap = useSnapshot(settings);
  const rows = useMemo(() => {
    const order = new Map((symbols ?? []).map((s, i) => [s, i]));
    const all = mergeCoinLists(snap.coins as unknown as CoinLists, [
      'currencyList',
      'contractList',
      'coinList',
      'optionList',
    ]);
    const seen = new Set<string>();
    return all
      .filter((r) => {
        const s = r.symbol.toLowerCase();
        if (!order.has(s) || seen.has(s)) return false;
        seen.add(s);
        return true;
      })
      .sort((a, b) => order.get(a.symbol.toLowerCase())! - order.get(b.symbol.toLowerCase())!);
  }, [symbols, snap.coins]);

  if (!uid) {
    return <SignInCta title={t('watchlistSignIn')} />;
  }
  return (
    <>
      <WatchlistSync />
      <DataState
        status={symbols ? 'ok' : status === 'error' ? 'error' : 'loading'}
        error={error}
        onRetry={() => void loadWatchlist(uid)}
        empty={rows.length === 0}
        emptyView={
          <EmptyState
            title={t('watchlistEmpty')}
            description={t('watchlistEmptyDesc')}
            action={
              <Link to={APP_PATHS.markets.markets} className="btn btn--primary">
                {t('watchlistExplore')}
              </Link>
            }
          />
        }
      >
        <section className={`wl${desktop ? ' mk-card' : ''}`} aria-labelledby="wl-title">
          <header className="wl-head">
            <h2 id="wl-title" className="wl-title">
              {t('watchlist')}
            </h2>
            <span className="wl-count num">{rows.length}</span>
          </header>
          <MarketTable rows={rows} variant={desktop ? 'desktop' : 'phone'} caption={t('watchlist')} lead={WatchStar} />
        </section>
      </DataState>
    </>
  );
}
