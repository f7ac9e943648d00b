/**
 * The trading kit's note beside a contract ticket's amount (second contracts' stake, options' quantity; SECUI-2,
 * OUI-4): what the platform account has available, or that it is loading, or could not be read. The mode names the
 * namespace (`available`, `availableError`, `availableLoading`), the test id's prefix and, shortened, the class.
 */
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../../i18n/format';

const CLS = { seconds: 'sec', options: 'opt' } as const;

export function AvailableNote(p: {
  mode: 'seconds' | 'options';
  available: string | undefined;
  error?: boolean;
  coin: string;
}) {
  const { t } = useTranslation(p.mode);
  return (
    <span className={`${CLS[p.mode]}-avail`} data-testid={`${p.mode}-available`}>
      {p.available !== undefined
        ? t('available', { amount: formatDecimal(p.available), coin: p.coin })
        : p.error
          ? t('availableError')
          : t('availableLoading')}
    </span>
  );
}
