/** The state of one verification level (none, pending, approved, rejected) as a coloured badge. */
import { useTranslation } from 'react-i18next';
import type { KycState } from '../../../../shared/schemas/user';

export function KycBadge({ state }: { state: KycState }) {
  const { t } = useTranslation('account');
  return (
    <span
      className={`acc-badge ${{ none: '', pending: 'tone-warn', approved: 'tone-up', rejected: 'tone-down' }[state]}`}
      data-kyc-state={state}
    >
      {t(`kyc.state.${state}`)}
    </span>
  );
}
