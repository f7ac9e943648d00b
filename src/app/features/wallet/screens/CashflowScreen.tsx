/**
 * The financial records (/cashflow, REC-1..4): every journal row that touched the user, per account and coin,
 * newest first, filtered by kind and coin, with "load more"; exact signed amounts (green in, red out) and dates
 * in the platform time zone. Fetched again when the live stream reports a balance or status change (no polling).
 * Phone: a list. Desktop: a table. Both virtual once "load more" has made them long (PERF-40): only the rows on
 * screen are in the DOM.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { FinancialRecord } from '../../../../shared/schemas/exchange';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { useIsDesktop } from '../../../ui/useIsDesktop';
import { useLiveAccount } from '../../../market/hooks';
import { session } from '../../../state/session';
import { CoinIcon } from '../../../ui/CoinIcon';
import { EmptyState } from '../../../ui/EmptyState';
import { useVirtualRows } from '../../../ui/useVirtualRows';
import { SpacerItem, SpacerRow } from '../../../ui/VirtualSpacer';
import { useExchangeCoins, useFinancialRecords } from '../exchangeData';
import { signOf } from '../model/flash';
import { KIND_GROUPS, holdNote, journalKindKey } from '../model/journalKinds';
import { LoadFailed, Loading } from '../components/WalletState';
import '../../../forms/forms.css';
import '../components/wallet.css';
import '../components/exchange.css';

const PAGE = 20;
/** The kinds offered as filters (the journal's kinds; others still list under "All"). */
const KINDS = ['deposit', 'withdraw', 'transfer', 'exchange', 'genesis'] as const;

export default function CashflowScreen() {
  const { t } = useTranslation(['wallet', 'common']);
  const desktop = useIsDesktop();
  const { userInfo } = useSnapshot(session);
  const uid = userInfo?.uid ?? '';
  const [type, setType] = useState('');
  const [coin, setCoin] = useState('');
  const [shown, setShown] = useState(PAGE);
  const coins = useExchangeCoins();
  const records = useFinancialRecords(uid, { type, coin }, shown);
  const live = useLiveAccount();
  const { reload } = records;
  const seen = useRef({ b: live?.balances, s: live?.statusCount });
  useEffect(() => {
    const now = { b: live?.balances, s: live?.statusCount };
    if (seen.current.b === now.b && seen.current.s === now.s) return;
    seen.current = now;
    reload();
  }, [live?.balances, live?.statusCount, reload]);

  /** A filter changed: its new value, and the list back to its first page. */
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setShown(PAGE);
  };

  // REC-5, WORD-1: every kind in words: its own name, else the product that wrote it, else "Other".
  const kindLabel = (k: string) => t(journalKindKey(k) ?? 'records.kindOther');
  const rows = records.data?.rows ?? [];
  const total = records.data?.total ?? 0;
  const vt = useVirtualRows<HTMLTableSectionElement>(desktop ? rows.length : 0, { estimate: 45 });
  const vl = useVirtualRows<HTMLUListElement>(desktop ? 0 : rows.length, { estimate: 66 });

  return (
    <div className="wallet-screen rec-screen" data-testid="cashflow-screen">
      <TopBar title={t('common:title.cashflow')} back={!desktop} />
      <div className={`app-column rec-layout${desktop ? ' rec-layout--desktop' : ''}`}>
        <div className="rec-filters">
          <RecordFilter label={t('records.type')} value={type} onPick={filter(setType)} testId="records-type">
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`records.kind.${k}`)}
              </option>
            ))}
            {KIND_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`records.kindGroup.${g}`)}
              </option>
            ))}
          </RecordFilter>
          <RecordFilter label={t('records.coin')} value={coin} onPick={filter(setCoin)} testId="records-coin">
            {(coins.data ?? []).map((c) => (
              <option key={c.coin} value={c.coin}>
                {c.coin}
              </option>
            ))}
          </RecordFilter>
        </div>

        <section className="card fx-card" data-testid="records">
          {!records.data && records.status === 'error' ? (
            <LoadFailed title={t('exchange.error')} detail={records.error} onRetry={records.reload} />
          ) : !records.data ? (
            <Loading text={t('exchange.loading')} />
          ) : rows.length === 0 ? (
            <EmptyState compact title={t('records.empty')} />
          ) : desktop ? (
            <table className="fx-table" aria-rowcount={rows.length + 1}>
              <thead>
                <tr aria-rowindex={1}>
                  <th scope="col">{t('records.time')}</th>
                  <th scope="col">{t('records.type')}</th>
                  <th scope="col">{t('records.coin')}</th>
                  <th scope="col">{t('records.account')}</th>
                  <th scope="col" className="num">
                    {t('records.amount')}
                  </th>
                  <th scope="col">{t('records.details')}</th>
                </tr>
              </thead>
              <tbody ref={vt.ref} onKeyDown={vt.onKeyDown}>
                <SpacerRow height={vt.win.before} cols={6} />
                {rows.slice(vt.win.start, vt.win.end).map((r, i) => (
                  <tr
                    key={`${r.id}:${r.account}:${r.coin}`}
                    data-testid="record-row"
                    data-kind={r.kind}
                    data-vrow={vt.win.start + i}
                    aria-rowindex={vt.win.start + i + 2}
                  >
                    <td>{formatDateTime(r.time)}</td>
                    <td>{kindLabel(r.kind)}</td>
                    <td>
                      <span className="fx-pair">
                        <CoinIcon coin={r.coin} size={18} />
                        {r.coin}
                      </span>
                    </td>
                    <td>{t(`account.${r.account}`)}</td>
                    <td className="num">
                      <Amount r={r} />
                    </td>
                    <td className="fx-list__sub">
                      {/* OPC-12: the journal memo is the ledger's record, in the server's words; never shown. */}
                      <Note r={r} />
                    </td>
                  </tr>
                ))}
                <SpacerRow height={vt.win.after} cols={6} />
              </tbody>
            </table>
          ) : (
            <ul className="fx-list" ref={vl.ref} onKeyDown={vl.onKeyDown}>
              <SpacerItem height={vl.win.before} />
              {rows.slice(vl.win.start, vl.win.end).map((r, i) => (
                <li
                  key={`${r.id}:${r.account}:${r.coin}`}
                  className="fx-list__row"
                  data-testid="record-row"
                  data-kind={r.kind}
                  data-vrow={vl.win.start + i}
                  aria-setsize={rows.length}
                  aria-posinset={vl.win.start + i + 1}
                >
                  <div className="fx-list__top">
                    <span className="fx-pair">
                      <CoinIcon coin={r.coin} size={18} />
                      {kindLabel(r.kind)} · {r.coin}
                    </span>
                    <span className="num">
                      <Amount r={r} />
                    </span>
                  </div>
                  <div className="fx-list__top">
                    <span className="fx-list__sub">
                      {t(`account.${r.account}`)}
                      <Note r={r} lead=" · " />
                    </span>
                    <span className="fx-list__time">{formatDateTime(r.time)}</span>
                  </div>
                </li>
              ))}
              <SpacerItem height={vl.win.after} />
            </ul>
          )}
        </section>
        {records.data && rows.length < total ? (
          <button
            type="button"
            className="fbtn fbtn--secondary rec-more"
            onClick={() => setShown((n) => n + PAGE)}
            data-testid="records-more"
          >
            {t('records.more')}
          </button>
        ) : records.data && rows.length > 0 ? (
          <p className="rec-end">{t('records.end')}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The signed change, green in and red out (REC-4). A hold or its release leaves the total alone: the row shows the
 * amount held or freed, unsigned and muted, and its note says which (WORD-2); a payment out of a hold keeps its sign.
 */
function Amount({ r }: { r: FinancialRecord }) {
  const note = holdNote(r);
  if (note && note.key !== 'records.note.paid')
    return (
      <span data-testid="record-amount" className="fx-list__sub">
        {formatDecimal(note.amount)}
      </span>
    );
  const sign = signOf(r.amount);
  return (
    <span data-testid="record-amount" className={sign > 0 ? 'up' : sign < 0 ? 'down' : undefined}>
      {sign > 0 ? '+' : ''}
      {formatDecimal(r.amount)}
    </span>
  );
}

/** What the row did to the frozen part, in one line (WORD-2): "Held for withdrawal #12", "Released"... */
function Note({ r, lead = '' }: { r: FinancialRecord; lead?: string }) {
  const { t } = useTranslation('wallet');
  const note = holdNote(r);
  if (!note) return null;
  return (
    <span data-testid="record-note">
      {lead}
      {'ref' in note ? t(note.key, { ref: note.ref }) : t(note.key)}
    </span>
  );
}

/** A filter of the records: a labelled select whose first option, "All", is the empty value. */
function RecordFilter(props: {
  label: string;
  value: string;
  onPick(value: string): void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <label className="rec-filter">
      {props.label}
      <select
        className="fx-coin__select"
        value={props.value}
        onChange={(e) => props.onPick(e.currentTarget.value)}
        data-testid={props.testId}
      >
        <option value="">{t('records.all')}</option>
        {props.children}
      </select>
    </label>
  );
}
