/** Flow screens' shared cells: amounts, times, methods, an order's state badge, a rule's words, the pager. */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { FlowOrderState, FlowPayMethod } from '../../../../shared/schemas/flow';
import { formatDateTime, formatDecimal, trimDecimal } from '../../../i18n/format';
import { settings } from '../../../state/settings';
import { useLanguage } from '../../../ui/Price';
import type { RuleText } from '../model/flow';
import { ListPager, type ListPage } from '../../../ui/ListPager';

const DASH = '--';

export function useFmt() {
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  return {
    /** An exact amount, trailing zeros beyond `min` decimals dropped. */
    num: (v: string | null | undefined, min = 0) =>
      v === null || v === undefined ? DASH : formatDecimal(trimDecimal(v, min), lang),
    /** A fiat amount or price: always 2 decimals. */
    fiat: (v: string | null | undefined) =>
      v === null || v === undefined ? DASH : formatDecimal(trimDecimal(v, 2), lang),
    time: (ms: number | null) => (ms === null ? DASH : formatDateTime(ms, { style: 'datetime', lang, offsetMinutes })),
  };
}

/** A shared rule's words in the reader's language (a message the screens do not know is shown as it came). */
export function useRuleText() {
  const { t } = useTranslation('flow');
  return (r: RuleText | string) => (typeof r === 'string' ? r : t(r.key, r.params));
}

export function Methods({ methods }: { methods: readonly FlowPayMethod[] }) {
  const { t } = useTranslation('flow');
  return (
    <span className="fl-chips">
      {methods.map((m) => (
        <span key={m} className="fl-chip">
          {t(`method.${m}`)}
        </span>
      ))}
    </span>
  );
}

export function StateBadge({ state }: { state: FlowOrderState }) {
  const { t } = useTranslation('flow');
  return (
    <span
      className={`fl-state ${{ unpaid: 'tone-brand', paid: 'tone-brand', completed: 'tone-up', cancelled: 'tone-down', expired: 'tone-down' }[state]}`}
      data-testid="flow-state"
    >
      {t(`state.${state}`)}
    </span>
  );
}

/** Previous / next (the platform's pager in the flow screens' words and classes). */
export function Pager(p: ListPage) {
  return <ListPager {...p} namespace="flow" classes={PAGER_CLASSES} />;
}

const PAGER_CLASSES = { nav: 'pager fl-pager', button: 'fl-btn fl-btn--ghost', num: 'fl-num' };
