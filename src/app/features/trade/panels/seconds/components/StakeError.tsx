/** The message of a failed stake rule (SECUI-2) in the user's language, with the period's limits. */
import { useTranslation } from 'react-i18next';
import type { Period } from '../../../../../../shared/schemas/trading';
import { SECOND_STAKE_DECIMALS } from '../../../../../../shared/trading/secondRules';
import { formatDecimal } from '../../../../../i18n/format';
import { STAKE_COIN } from '../model/seconds';
import { STAKE_MESSAGE, type StakeCheck } from '../model/stake';

export function StakeError({
  check,
  period,
  available,
}: {
  check: Extract<StakeCheck, { ok: false }>;
  period: Period;
  available: string | undefined;
}) {
  const { t } = useTranslation('seconds');
  const key = STAKE_MESSAGE[check.rule];
  if (!key) return <>{check.msg}</>;
  return (
    <>
      {t(`err.${key}`, {
        min: formatDecimal(period.minAmount),
        max: formatDecimal(period.maxAmount),
        amount: formatDecimal(available ?? '0'),
        coin: STAKE_COIN,
        n: SECOND_STAKE_DECIMALS,
      })}
    </>
  );
}
