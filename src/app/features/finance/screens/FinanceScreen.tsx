/**
 * /finance (FINUI-1, FINUI-2): a bottom-tab screen with three tabs (products, my holdings, history); the active
 * tab is in the URL (`?tab=`), so back and reload keep it. Signed out, the products show and the other two tabs
 * ask to log in.
 */
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { UnderlineTabs, tabId } from '../../../ui/UnderlineTabs';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { session } from '../../../state/session';
import { EmptyState } from '../../../ui/EmptyState';
import { APP_PATHS } from '../../../ui/appPaths';
import { HistoryPanel } from '../components/HistoryPanel';
import { HoldingsPanel } from '../components/HoldingsPanel';
import { ProductsPanel } from '../components/ProductsPanel';
import { FINANCE_TABS, tabOf, type FinanceTab } from '../paths';
import '../components/finance.css';
import { clock } from '../../../time/clock';

const now = () => clock.now();

export default function FinanceScreen() {
  const { t } = useTranslation(['finance', 'common']);
  const desktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { userInfo } = useSnapshot(session);
  const uid = userInfo?.uid ?? '';
  const select = (next: FinanceTab) => setParams(next === 'products' ? {} : { tab: next }, { replace: true });

  return (
    <div className="app-screen" data-testid="finance-screen">
      {desktop ? null : <TopBar title={t('common:title.finance')} />}
      <div className={`app-layout${desktop ? ' app-layout--desktop fin-layout--desktop' : ''}`}>
        <header className="fin-hero">
          <h1 className="fin-hero__title">{t('hero.title')}</h1>
          <p className="fin-muted">{t('hero.lead')}</p>
        </header>
        <UnderlineTabs
          tabs={FINANCE_TABS}
          active={tab}
          onSelect={select}
          label={(k) => t(`tab.${k}`)}
          ariaLabel={t('tabs')}
          idPrefix="fin"
          panelId="fin-panel"
          testIdPrefix="finance-tab"
        />
        <section id="fin-panel" role="tabpanel" aria-labelledby={tabId('fin', tab)} className="fin-panel">
          {tab === 'products' ? (
            <ProductsPanel />
          ) : uid === '' ? (
            <EmptyState
              title={t('signIn.title')}
              description={t('signIn.lead')}
              action={
                <Link className="fbtn fbtn--primary" to={APP_PATHS.account.login} data-testid="finance-sign-in">
                  {t('signIn.action')}
                </Link>
              }
            />
          ) : tab === 'holdings' ? (
            <HoldingsPanel uid={uid} now={now} desktop={desktop} />
          ) : (
            <HistoryPanel uid={uid} desktop={desktop} />
          )}
        </section>
      </div>
    </div>
  );
}
