/**
 * The trading kit's tabs of a contract mode's own contracts (second contracts' and options'): open ones (their
 * count on the tab) and settled ones, with the chosen tab's panel, and the settled list's pager. Each mode gives its namespace (the same keys in
 * each), which also names its test ids and classes.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../../ui/Pager';

export type ContractTab = 'open' | 'settled';

const CLS = { seconds: 'sec', options: 'opt' } as const;

/**
 * `mode` is the namespace, the test ids' prefix (`${mode}-tab-open`, `${mode}-tab-settled`) and, shortened (`sec`,
 * `opt`), the classes' (`…-tabs`, `…-tabpanel`); `own` is the mode's `useOwnContracts`, whose tab is shown.
 */
export function ContractTabs(p: {
  mode: 'seconds' | 'options';
  label: string;
  own: { tab: ContractTab; setTab: (tab: ContractTab) => void; openRows: readonly unknown[] };
  open: ReactNode;
  settled: ReactNode;
}) {
  const { t } = useTranslation(p.mode);
  const cls = CLS[p.mode];
  const { tab, setTab, openRows } = p.own;
  return (
    <>
      <div className={`mk-tabs ${cls}-tabs`} role="tablist" aria-label={p.label}>
        {(['open', 'settled'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="mk-tab"
            aria-selected={tab === k}
            onClick={() => setTab(k)}
            data-testid={`${p.mode}-tab-${k}`}
          >
            {k === 'open' ? t('tabs.open', { n: openRows.length }) : t('tabs.settled')}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={`${cls}-tabpanel`}>
        {tab === 'open' ? p.open : p.settled}
      </div>
    </>
  );
}

/** Previous / next under a contract mode's settled list, in the mode's words ("Page 2 of 5") and classes. */
export function SettledPager(p: {
  mode: 'seconds' | 'options';
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(p.mode);
  const cls = CLS[p.mode];
  const words = {
    label: t('settled.pages'),
    prev: t('settled.prev'),
    next: t('settled.next'),
    pageOf: (page: number, pages: number) => t('settled.page', { page, pages }),
  };
  return <Pager {...p} words={words} classes={{ nav: `pager ${cls}-pager`, button: `${cls}-link`, num: '' }} />;
}
