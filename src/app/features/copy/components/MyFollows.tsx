/**
 * My follows (FOLUI-4): per follow the trader, the mode and its amount or ratio, the cap, the stop, the margin in
 * use, the realised PnL, the profit share paid and the status; the open copied positions (the live positions whose
 * `copyOf` is the trader); the events, skipped orders with their reason among them; Edit (the same dialog) and
 * Unfollow (a confirmation that can also close the copied positions).
 */
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nanoid } from 'nanoid';
import type { Follow, FollowEvent } from '../../../../shared/schemas/follow';
import type { Position } from '../../../../shared/schemas/futures';
import { useOpenPositions } from '../../trade';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { Popup } from '../../../ui/Popup';
import { toast } from '../../../state/toast';
import { sendUnfollow, useMyFollows, useTrader, useUid } from '../data';
import { followIntent } from '../model/follow';
import { followPath } from '../paths';
import { SideText, Signed, useFmt } from './cells';
import { Figure } from '../../../ui/Figure';
import { FollowDialog } from './FollowDialog';
import { SignInFirst } from './SignInFirst';
import { AlertText } from '../../../ui/AlertText';

export function MyFollows() {
  const { t } = useTranslation('follow');
  const uid = useUid();
  const q = useMyFollows(uid);
  // The live positions (the worker's POSITION stream), else the REST list until the stream answers.
  const open = useOpenPositions(uid);
  if (uid === '') return <SignInFirst />;
  const rows = q.data ?? [];
  return (
    <DataState
      status={dataStatus(q)}
      error={q.error}
      onRetry={q.reload}
      empty={rows.length === 0}
      emptyView={
        <EmptyState
          title={t('empty.mine')}
          action={
            <Link className="cp-btn cp-btn--primary" to={followPath()}>
              {t('empty.browse')}
            </Link>
          }
        />
      }
    >
      <ul className="stack-list cp-follows" data-testid="my-follows">
        {rows.map((f) => (
          <FollowCard key={f.traderId} f={f} positions={open.rows ?? null} />
        ))}
      </ul>
    </DataState>
  );
}

function FollowCard({ f, positions }: { f: Follow; positions: readonly Position[] | null }) {
  const { t } = useTranslation('follow');
  const fmt = useFmt();
  const [dialog, setDialog] = useState<'edit' | 'unfollow' | null>(null);
  const copied = useMemo(() => (positions ?? []).filter((p) => p.copyOf === f.traderId), [positions, f.traderId]);
  const active = f.status !== 'ended';
  return (
    <li className="card cp-card cp-follow" data-trader-id={f.traderId} data-testid="follow-card">
      <div className="cp-card__head">
        <Link to={followPath({ trader: f.traderId })} className="cp-name__link">
          {f.nickname}
        </Link>
        <span className={`cp-status ${{ active: 'tone-up', stopped: 'tone-down', ended: '' }[f.status]}`}>
          {t(`status.${f.status}`)}
        </span>
      </div>
      <dl className="cp-grid">
        <Figure label={t('mine.mode')} className="cp-num">
          {f.mode === 'fixed'
            ? t('mine.fixedValue', { amount: fmt.money(f.amount) })
            : t('mine.ratioValue', { ratio: fmt.num(f.ratio) })}
        </Figure>
        <Figure label={t('dialog.maxTotal')} className="cp-num">
          {`${fmt.money(f.maxTotal)} USDT`}
        </Figure>
        <Figure label={t('dialog.stopLoss')} className="cp-num">
          {f.stopLoss ? `${fmt.money(f.stopLoss)} USDT` : t('mine.noStop')}
        </Figure>
        <Figure label={t('mine.marginUsed')} className="cp-num">
          {fmt.money(f.marginUsed)}
        </Figure>
        <Figure label={t('mine.realisedPnl')}>
          <Signed value={f.realisedPnl} />
        </Figure>
        <Figure label={t('mine.sharePaid')} className="cp-num">
          {fmt.money(f.sharePaid)}
        </Figure>
      </dl>
      <p className="cp-sub">{t('mine.since', { date: fmt.date(f.since) })}</p>

      <h4 className="cp-h4">{t('mine.positions', { n: copied.length })}</h4>
      {positions === null ? (
        <p className="cp-note">{t('mine.positionsLoading')}</p>
      ) : copied.length === 0 ? (
        <p className="cp-note">{t('mine.noPositions')}</p>
      ) : (
        <ul className="stack-list cp-plist" data-testid="copied-positions">
          {copied.map((p) => (
            <li key={p.id} className="cp-prow">
              <span dir="ltr" className="cp-pair">
                {p.symbol.toUpperCase()}
              </span>
              <SideText side={p.side} leverage={p.leverage} />
              <span className="cp-num">
                {t('mine.positionLine', { shares: fmt.num(p.shares), margin: fmt.money(p.margin) })}
              </span>
              <Signed value={p.mark?.unrealisedPnl ?? null} />
            </li>
          ))}
        </ul>
      )}

      <Events events={f.events} />

      {active ? (
        <div className="cp-actions">
          <button
            type="button"
            className="cp-btn cp-btn--secondary"
            onClick={() => setDialog('edit')}
            data-testid="follow-edit"
          >
            {t('edit')}
          </button>
          <button
            type="button"
            className="cp-btn cp-btn--danger"
            onClick={() => setDialog('unfollow')}
            data-testid="unfollow"
          >
            {t('unfollow')}
          </button>
        </div>
      ) : null}
      {dialog === 'edit' ? <EditDialog f={f} onClose={() => setDialog(null)} /> : null}
      {dialog === 'unfollow' ? <UnfollowDialog f={f} copied={copied.length} onClose={() => setDialog(null)} /> : null}
    </li>
  );
}

/** Edit from the list: the trader's share rate comes from their page (the follow does not carry it). */
function EditDialog({ f, onClose }: { f: Follow; onClose: () => void }) {
  const uid = useUid();
  const q = useTrader(f.traderId, uid);
  if (!q.data) return null;
  const s = q.data.summary;
  return (
    <FollowDialog
      target={{ traderId: f.traderId, nickname: f.nickname, shareRate: s.shareRate }}
      existing={f}
      onClose={onClose}
    />
  );
}

/** The follow's events, newest first: copies, skips with their reason, closes, profit shares, stops (FOLUI-4). */
export function Events({ events }: { events: readonly FollowEvent[] }) {
  const { t } = useTranslation('follow');
  const fmt = useFmt();
  const [all, setAll] = useState(false);
  const shown = all ? events : events.slice(0, 5);
  if (events.length === 0) return <p className="cp-note">{t('mine.noEvents')}</p>;
  return (
    <>
      <h4 className="cp-h4">{t('mine.events')}</h4>
      <ol className="stack-list cp-events" data-testid="follow-events">
        {shown.map((e) => (
          <li key={e.id} className={`cp-event cp-event--${e.kind}`} data-kind={e.kind}>
            <span className="cp-event__kind">{t(`event.${e.kind}`)}</span>
            <span className="cp-event__msg">
              {e.symbol ? (
                <span dir="ltr" className="cp-pair">
                  {`${e.symbol.toUpperCase()} `}
                </span>
              ) : null}
              {e.message}
            </span>
            {e.amount !== null ? <Signed value={e.amount} className="cp-event__amt" /> : null}
            <time className="cp-sub">{fmt.time(e.time)}</time>
          </li>
        ))}
      </ol>
      {events.length > 5 ? (
        <button type="button" className="cp-link" onClick={() => setAll(!all)}>
          {all ? t('mine.fewer') : t('mine.allEvents', { n: events.length })}
        </button>
      ) : null}
    </>
  );
}

function UnfollowDialog({ f, copied, onClose }: { f: Follow; copied: number; onClose: () => void }) {
  const { t } = useTranslation('follow');
  const id = useId();
  const formId = useMemo(() => nanoid(8), []);
  const [close, setClose] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const go = async () => {
    setBusy(true);
    setError('');
    try {
      await sendUnfollow(f.traderId, close, followIntent('unfollow', f.traderId, formId));
      toast(t('unfollowDone', { name: f.nickname }), { kind: 'success' });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup open onClose={onClose} title={t('unfollowTitle', { name: f.nickname })} describedBy={`${id}-q`}>
      <div className="cp-dialog" data-testid="unfollow-dialog">
        <p id={`${id}-q`}>{t('unfollowQuestion', { n: copied })}</p>
        <label className="cp-check">
          <input
            type="checkbox"
            checked={close}
            onChange={(e) => setClose(e.target.checked)}
            data-testid="unfollow-close"
          />
          <span>{t('unfollowClose')}</span>
        </label>
        <AlertText text={error} className="cp-error" />
        <div className="cp-actions">
          <button type="button" className="cp-btn cp-btn--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="cp-btn cp-btn--danger"
            disabled={busy}
            onClick={() => void go()}
            data-testid="unfollow-confirm"
          >
            {t('unfollow')}
          </button>
        </div>
      </div>
    </Popup>
  );
}
