/**
 * The trading kit's parts of an orders list, for every mode that lists orders (spot's and futures' open orders and
 * history): the pager, the status and the cancel button. Each mode gives its namespace (the same keys in each) and its cancel.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../../ui/Pager';
import { toast } from '../../../../state/toast';

type Ns = 'trade' | 'futures';

/** "Page 2 of 5" with previous / next under an orders list. */
export function OrdersPager(p: { ns: Ns; page: number; total: number; pageSize: number; onPage: (n: number) => void }) {
  const { t } = useTranslation(p.ns);
  const words = {
    label: t('pages'),
    prev: t('prevPage'),
    next: t('nextPage'),
    pageOf: (page: number, pages: number) => t('pageOf', { page, pages }),
  };
  return <Pager {...p} words={words} classes={{ nav: 'sor-pager', num: 'num' }} />;
}

/** An order's status and, when it was cancelled by other than its owner, why ("Cancelled · Market"). */
export function OrderStatusText({ ns, order }: { ns: Ns; order: { status: string; cancelReason: string | null } }) {
  const { t } = useTranslation(ns);
  const { status, cancelReason } = order;
  return (
    <>
      {t(`status.${status}`)}
      {status === 'cancelled' && cancelReason && cancelReason !== 'user' ? (
        <span className="sor-reason">{` · ${t(`reason.${cancelReason}`)}`}</span>
      ) : null}
    </>
  );
}

/** Cancels one open order (its own intent and key, in `cancel`); the lists refresh on the server's news. */
export function CancelOrderButton({ ns, cancel }: { ns: Ns; cancel: () => Promise<unknown> }) {
  const { t } = useTranslation(ns);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await cancel();
      toast(t('cancelled'), { kind: 'success' });
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="sor-cancel"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid="cancel-order"
    >
      {busy ? t('cancelling') : t('cancel')}
    </button>
  );
}
