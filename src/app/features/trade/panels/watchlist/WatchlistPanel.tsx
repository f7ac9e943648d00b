/**
 * The watchlist tab (Optional): the signed-in user's collected coins (7.1 getUserCoin, kept in the global
 * hasCollectCoin of 3.5) as a titled list with live prices, an empty state that leads to the markets, or a
 * sign-in prompt when signed out.
 */
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { call } from '../../../../api/client';
import { userApi } from '../../../../../shared/api/user';
import { session } from '../../../../session/store';
import { globalState } from '../../../../state/global';
import { settings } from '../../../../state/settings';
import { EmptyState } from '../../../../ui/EmptyState';
import { mergeCoinLists, type CoinLists } from '../../../markets/model/coins';
import { MarketTable } from '../../../markets/components/MarketTable';
import { ACCOUNT_PATHS } from '../../../account/paths';
import { MARKETS_PATHS } from '../../../markets/paths';

export function WatchlistPanel({ desktop }: { desktop: boolean }) {
  const { t } = useTranslation('market');
  const { isSign } = useSnapshot(session);
  const { hasCollectCoin } = useSnapshot(globalState);
  const snap = useSnapshot(settings);
  useEffect(() => {
    if (!isSign) return;
    const ctrl = new AbortController();
    call(userApi.getUserCoin, { signal: ctrl.signal, silent: true }).then(
      (list) => void (globalState.hasCollectCoin = list.map((c) => c.coin)),
      () => {},
    );
    return () => ctrl.abort();
  }, [isSign]);
  const rows = useMemo(() => {
    const want = new Set(hasCollectCoin.map((c) => c.toLowerCase()));
    const all = mergeCoinLists(snap.coins as unknown as CoinLists, [
      'currencyList',
      'contractList',
      'coinList',
      'optionList',
    ]);
    const seen = new Set<string>();
    return all.filter((r) => {
      const hit = want.has(String(r.coin.coin ?? '').toLowerCase()) || want.has(r.symbol.toLowerCase());
      if (!hit || seen.has(r.symbol)) return false;
      seen.add(r.symbol);
      return true;
    });
  }, [hasCollectCoin, snap.coins]);

  if (!isSign) {
    return (
      <EmptyState
        title={t('watchlistSignIn')}
        action={
          <Link to={ACCOUNT_PATHS.login} className="mk-btn mk-btn--primary">
            {t('signIn')}
          </Link>
        }
      />
    );
  }
  if (rows.length === 0)
    return (
      <EmptyState
        title={t('watchlistEmpty')}
        description={t('watchlistEmptyDesc')}
        action={
          <Link to={MARKETS_PATHS.markets} className="mk-btn mk-btn--primary">
            {t('watchlistExplore')}
          </Link>
        }
      />
    );
  return (
    <section className={`wl${desktop ? ' mk-card' : ''}`} aria-labelledby="wl-title">
      <header className="wl-head">
        <h2 id="wl-title" className="wl-title">
          {t('watchlist')}
        </h2>
        <span className="wl-count num">{rows.length}</span>
      </header>
      <MarketTable rows={rows} variant={desktop ? 'desktop' : 'phone'} caption={t('watchlist')} />
    </section>
  );
}
