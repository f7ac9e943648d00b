/**
 * Search (/search): filters the four coin lists (spec 3.4) as you type; recent searches (session storage)
 * and the home coins as suggestions; a result opens the trade screen of its pair.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { IconSearch } from '../../../ui/icons';
import { settings } from '../../../state/settings';
import {
  filterRows,
  homeRows,
  mergeCoinLists,
  type CoinListKey,
  type CoinLists,
  type MarketRow,
} from '../../../market/coins';
import { tradeHref } from '../../../market/playing';
import { clearRecent, pushRecent, readRecent } from '../model/recentSearches';
import { MarketTable } from '../components/MarketTable';
import { WatchStar } from '../components/WatchStar';
import { WatchlistSync } from '../WatchlistSync';
import '../../../ui/page.css';
import './SearchScreen.css';
import { MARKETS_PATHS } from '../paths';
import { useDocumentTitle } from '../../../ui/documentTitle';

const LIST_LABEL: Record<CoinListKey, string> = {
  coinList: 'listSecond',
  currencyList: 'listSpot',
  contractList: 'listFutures',
  optionList: 'listOptions',
};

export default function SearchScreen() {
  const { t } = useTranslation('market');
  useDocumentTitle(t('common:nav.search')); // A11Y-17: search has no top bar
  const navigate = useNavigate();
  const desktop = useIsDesktop();
  const snap = useSnapshot(settings);
  const coins = snap.coins as unknown as CoinLists;
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const all = useMemo(() => mergeCoinLists(coins), [coins]);
  const results = useMemo(() => (query.trim() ? filterRows(all, query) : []), [all, query]);
  const trending = useMemo(() => homeRows(snap.config.HOME_COIN_SETTING, coins).slice(0, 8), [snap.config, coins]);

  const open = (row: MarketRow) => {
    setRecent(pushRecent(query.trim() || row.base));
    navigate(tradeHref(row.list, row.symbol));
  };
  const tagOf = (r: MarketRow) => t(LIST_LABEL[r.list]);
  /** The results or the trending coins: rows with a watch star, each opening its pair. */
  const table = (rows: MarketRow[], caption: string, tags?: (row: MarketRow) => string) => (
    <MarketTable
      rows={rows}
      variant={desktop ? 'desktop' : 'phone'}
      caption={caption}
      onOpen={open}
      tagOf={tags}
      lead={WatchStar}
    />
  );
  const cancel = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(MARKETS_PATHS.markets));

  return (
    <div className="mk-page search">
      <WatchlistSync />
      <header className="mk-bar search-bar">
        <h1 className="visually-hidden">{t('searchTitle')}</h1>
        <form
          role="search"
          className="mk-search-box search-field"
          onSubmit={(e) => {
            e.preventDefault();
            if (results[0]) open(results[0]);
          }}
        >
          <IconSearch size={16} />
          <input
            className="search-input"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            autoFocus={!desktop}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
          />
        </form>
        <button type="button" className="search-cancel" onClick={cancel}>
          {t('cancel')}
        </button>
      </header>
      <div className={desktop ? 'mk-wrap' : undefined}>
        {query.trim() ? (
          <section aria-live="polite">
            <p className="search-count">{t('results', { count: results.length })}</p>
            {results.length ? (
              table(results, t('searchTitle'), tagOf)
            ) : (
              <p className="mk-state">{t('noMatches', { query: query.trim() })}</p>
            )}
          </section>
        ) : (
          <>
            {recent.length > 0 && (
              <section className="search-section" aria-labelledby="search-recent">
                <div className="search-section__head">
                  <h2 id="search-recent">{t('recentSearches')}</h2>
                  <button
                    type="button"
                    className="search-clear"
                    onClick={() => {
                      clearRecent();
                      setRecent([]);
                    }}
                  >
                    {t('clearHistory')}
                  </button>
                </div>
                <ul className="search-chips">
                  {recent.map((r) => (
                    <li key={r}>
                      <button type="button" className="search-chip" onClick={() => setQuery(r)}>
                        {r}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {trending.length > 0 && (
              <section className="search-section" aria-labelledby="search-trending">
                <div className="search-section__head">
                  <h2 id="search-trending">{t('trending')}</h2>
                </div>
                {table(trending, t('trending'))}
              </section>
            )}
          </>
        )}
      </div>
    </div>
  );
}
