/**
 * The trading kit's notice of a contract mode's orders whose reply never came (SECUI-5, OUI-5): the screen says
 * it is checking whether each was made, and offers to check again now. It never offers to send them again. The
 * mode names the namespace (`checkAgain`), the test id (`${mode}-pending`) and, shortened, the classes.
 */
import { useTranslation } from 'react-i18next';

const CLS = { seconds: 'sec', options: 'opt' } as const;

export function PendingNotice(p: {
  mode: 'seconds' | 'options';
  /** Each order: its key and the sentence that names it. */
  orders: readonly { key: string; text: string }[];
  onCheck: () => void;
}) {
  const { t } = useTranslation(p.mode);
  const cls = CLS[p.mode];
  return (
    <div className={`${cls}-pending`} role="status" data-testid={`${p.mode}-pending`}>
      <ul>
        {p.orders.map((o) => (
          <li key={o.key}>{o.text}</li>
        ))}
      </ul>
      <button type="button" className={`${cls}-link`} onClick={p.onCheck}>
        {t('checkAgain')}
      </button>
    </div>
  );
}
