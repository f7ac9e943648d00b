/** The trade screen's header tabs (spec 2.4): watchlist (Optional) first, then PLAYING_SETTING modes. */
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODE_LABEL, MODE_PATH, type TradeMode } from '../../../market/playing';
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
  const nav = useRef<HTMLElement>(null);
  // TRADE-8: where the tabs scroll sideways (the phone), the active one is scrolled into the strip, not left
  // half under the faded edge (Futures and Options come after three others).
  useLayoutEffect(() => {
    const box = nav.current;
    const tab = box?.querySelector('[aria-current="page"]');
    if (!box || !tab || box.scrollWidth <= box.clientWidth) return;
    const b = box.getBoundingClientRect();
    const r = tab.getBoundingClientRect();
    const margin = 32; // the faded edge
    if (r.right > b.right - margin) box.scrollLeft += r.right - (b.right - margin);
    else if (r.left < b.left + margin) box.scrollLeft -= b.left + margin - r.left;
  }, [active]);
  return (
    <nav className="mk-tabs trade-tabs" aria-label={t('tradeModes')} ref={nav}>
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
