/**
 * Copy trading (/follow, FOLUI-1): three tabs in the URL (`?tab=leaders|mine|programme`), or a lead trader's page
 * (`?trader=ID`, no route of its own). The leaderboard and trader pages show signed out; following, my follows and
 * the programme ask to sign in (FOLUI-8).
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UnderlineTabs, tabId } from '../../../ui/UnderlineTabs';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
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
  const select = (next: FollowTab) => setParams(next === 'leaders' ? {} : { tab: next }, { replace: true });

  return (
    <div className="app-screen" data-testid="follow-screen">
      <TopBar title={t('common:title.follow')} back />
      <div className={`app-layout${desktop ? ' app-layout--desktop' : ''}`}>
        {trader !== null ? (
          <TraderPage key={trader} id={trader} desktop={desktop} />
        ) : (
          <>
            <UnderlineTabs
              tabs={FOLLOW_TABS}
              active={tab}
              onSelect={select}
              label={(k) => t(`tab.${k}`)}
              ariaLabel={t('tabs')}
              idPrefix="cp"
              panelId="cp-panel"
              testIdPrefix="follow-tab"
            />
            <section id="cp-panel" role="tabpanel" aria-labelledby={tabId('cp', tab)} className="cp-panel">
              {tab === 'leaders' ? <Leaderboard desktop={desktop} /> : tab === 'mine' ? <MyFollows /> : <Programme />}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
