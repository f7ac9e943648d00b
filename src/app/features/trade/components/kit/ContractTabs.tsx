/**
 * The trading kit's tabs of a contract mode's own contracts (second contracts' and options'): open ones (their
 * count on the tab) and settled ones, with the chosen tab's panel. Each mode gives its namespace (the same keys in
 * each), its test ids' prefix and its classes.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ContractTab = 'open' | 'settled';

export function ContractTabs(p: {
  ns: 'seconds' | 'options';
  label: string;
  tab: ContractTab;
  onTab: (tab: ContractTab) => void;
  openCount: number;
  /** Test ids `${prefix}-tab-open` and `${prefix}-tab-settled`; classes `${prefix}-tabs`, `${prefix}-tabpanel`. */
  prefix: 'seconds' | 'options';
  cls: 'sec' | 'opt';
  children: ReactNode;
}) {
  const { t } = useTranslation(p.ns);
  return (
    <>
      <div className={`mk-tabs ${p.cls}-tabs`} role="tablist" aria-label={p.label}>
        {(['open', 'settled'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="mk-tab"
            aria-selected={p.tab === k}
            onClick={() => p.onTab(k)}
            data-testid={`${p.prefix}-tab-${k}`}
          >
            {k === 'open' ? t('tabs.open', { n: p.openCount }) : t('tabs.settled')}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={`${p.cls}-tabpanel`}>
        {p.children}
      </div>
    </>
  );
}
