/**
 * Copy trading (/follow, FOLUI-1): three tabs in the URL (`?tab=leaders|mine|programme`), or a lead trader's page
 * (`?trader=ID`, no route of its own). The leaderboard and trader pages show signed out; following, my follows and
 * the programme ask to sign in (FOLUI-8).
 */
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../layout/TopBar';
import { useIsDesktop } from '../../../layout/useIsDesktop';
import { Leaderboard } from '../components/Leaderboard';
import { MyFollows } from '../components/MyFollows';
import { Programme } from '../components/Programme';
import { TraderPage } from '../components/TraderPage';
import { tabOf, traderOf } from '../model/follow';
import { FOLLOW_TABS, type FollowTab } from '../paths';
import '../components/follow.css';

export default function FollowScreen() {
  const { t } = useTranslation(['follow', 'common']);
  const desktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const trader = traderOf(params.get('trader'));
  const tab = tabOf(params.get('tab'));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (next: FollowTab) => setParams(next === 'leaders' ? {} : { tab: next }, { replace: true });
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const rtl = document.documentElement.dir === 'rtl';
    const j = (i + (rtl ? -step : step) + FOLLOW_TABS.length) % FOLLOW_TABS.length;
    select(FOLLOW_TABS[j]);
    tabs.current[j]?.focus();
  };

  return (
    <div className="cp-screen" data-testid="follow-screen">
      <TopBar title={t('common:title.follow')} back />
      <div className={`cp-layout${desktop ? ' cp-layout--desktop' : ''}`}>
        {trader !== null ? (
          <TraderPage key={trader} id={trader} desktop={desktop} />
        ) : (
          <>
            <div className="cp-tabs" role="tablist" aria-label={t('tabs')}>
              {FOLLOW_TABS.map((k, i) => (
                <button
                  key={k}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`cp-tab-${k}`}
                  aria-selected={k === tab}
                  aria-controls="cp-panel"
                  tabIndex={k === tab ? 0 : -1}
                  className="cp-tab"
                  onClick={() => select(k)}
                  onKeyDown={(e) => onKey(e, i)}
                  data-testid={`follow-tab-${k}`}
                >
                  {t(`tab.${k}`)}
                </button>
              ))}
            </div>
            <section id="cp-panel" role="tabpanel" aria-labelledby={`cp-tab-${tab}`} className="cp-panel">
              {tab === 'leaders' ? <Leaderboard desktop={desktop} /> : tab === 'mine' ? <MyFollows /> : <Programme />}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
