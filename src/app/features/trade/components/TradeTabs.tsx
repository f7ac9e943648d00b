/** The trade screen's header tabs (spec 2.4): watchlist (Optional) first, then PLAYING_SETTING modes. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODE_LABEL, MODE_PATH, type TradeMode } from '../../../state/playing';
import { watchlistTab, withSymbol } from '../paths';

interface Props {
  modes: readonly TradeMode[];
  active: TradeMode;
  /** Current path (the watchlist tab stays on it). */
  path: string;
  symbolFor: (mode: Exclude<TradeMode, 'Optional'>) => string | undefined;
}

export function TradeTabs({ modes, active, path, symbolFor }: Props) {
  const { t } = useTranslation('market');
  return (
    <nav className="mk-tabs trade-tabs" aria-label={t('tradeModes')}>
      {modes.map((m) => {
        let to: string;
        if (m === 'Optional') to = watchlistTab(path);
        else {
          const sym = symbolFor(m);
          to = sym ? withSymbol(MODE_PATH[m], sym) : MODE_PATH[m];
        }
        return (
          <Link key={m} to={to} className="mk-tab" aria-current={m === active ? 'page' : undefined} data-mode={m}>
            {t(MODE_LABEL[m])}
          </Link>
        );
      })}
    </nav>
  );
}
