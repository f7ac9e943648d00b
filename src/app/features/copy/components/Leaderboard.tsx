/**
 * The leaderboard (FOLUI-2): the lead traders over a window (7, 30 or 90 days) sorted by return, PnL, win rate,
 * followers or drawdown (both in the URL, each a call with its `sort` and `days`), as a dense table on the desktop
 * and cards on the phone; every figure is the server's, from the trader's own journaled trades.
 */
import { Link, useSearchParams } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TraderSort, TraderSummary } from '../../../../shared/schemas/follow';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { useTraders } from '../data';
import { daysOf, LEADERS_PAGE_SIZE, SORTS, sortOf, WINDOWS, windowOf, type WindowDays } from '../model/follow';
import { followPath } from '../paths';
import { BotBadge, Signed, useFmt, WindowCells } from './cells';
import { Figure } from '../../../ui/Figure';
import { FollowButton } from './FollowButton';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { ColumnHeads } from '../../../ui/ColumnHeads';

export function Leaderboard({ desktop }: { desktop: boolean }) {
  const { t } = useTranslation('follow');
  const [params, setParams] = useSearchParams();
  const days = daysOf(params.get('days'));
  const sort = sortOf(params.get('sort'));
  const [page, setPage] = useState(1);
  const q = useTraders(sort, days, page);
  const choose = (next: { days?: WindowDays; sort?: TraderSort }) => {
    const p = new URLSearchParams(params);
    if (next.days) p.set('days', String(next.days));
    if (next.sort) p.set('sort', next.sort);
    setParams(p, { replace: true });
    setPage(1);
  };
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADERS_PAGE_SIZE));

  return (
    <div className="cp-leaders" data-testid="leaderboard">
      <div className="cp-toolbar">
        <ChoiceGroup
          kind="radio"
          className="cp-seg"
          label={t('window')}
          options={WINDOWS}
          isOn={(w) => w === days}
          onPick={(w) => choose({ days: w })}
          buttonClass="cp-seg__btn"
          testId={(w) => `window-${w}`}
        >
          {(w) => t('days', { n: w })}
        </ChoiceGroup>
        <label className="cp-sort">
          <span>{t('sortBy')}</span>
          <select value={sort} onChange={(e) => choose({ sort: sortOf(e.target.value) })} data-testid="sort">
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="cp-note">{t('leadersNote')}</p>
      <DataState
        status={dataStatus(q)}
        error={q.error}
        onRetry={q.reload}
        empty={q.data?.rows.length === 0}
        emptyView={<EmptyState title={t('empty.leaders')} />}
      >
        {desktop ? (
          <LeaderTable rows={q.data?.rows ?? []} days={days} />
        ) : (
          <LeaderCards rows={q.data?.rows ?? []} days={days} />
        )}
        {pages > 1 ? (
          <nav className="pager cp-pager" aria-label={t('pages')}>
            <button
              type="button"
              className="cp-btn cp-btn--ghost"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('prev')}
            </button>
            <span className="cp-num">{`${page} / ${pages}`}</span>
            <button
              type="button"
              className="cp-btn cp-btn--ghost"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('next')}
            </button>
          </nav>
        ) : null}
      </DataState>
    </div>
  );
}

function targetOf(s: TraderSummary) {
  return {
    traderId: s.traderId,
    nickname: s.nickname,
    shareRate: s.shareRate,
    followers: s.followers,
    maxFollowers: s.maxFollowers,
  };
}

function Name({ s }: { s: TraderSummary }) {
  return (
    <span className="cp-name">
      <Link to={followPath({ trader: s.traderId })} className="cp-name__link" data-testid="trader-link">
        {s.nickname}
      </Link>
      <BotBadge bot={s.bot} />
    </span>
  );
}

function LeaderTable({ rows, days }: { rows: readonly TraderSummary[]; days: number }) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  return (
    <table className="cp-table" data-testid="leaders-table">
      <caption className="visually-hidden">{t('tab.leaders')}</caption>
      <ColumnHeads
        cols={[
          t('col.trader'),
          t('col.roi', { n: days }),
          t('col.pnl'),
          t('col.winRate'),
          t('col.drawdown'),
          t('col.followers'),
          t('col.aum'),
          t('col.share'),
          <span key="action" className="visually-hidden">
            {t('col.action')}
          </span>,
        ]}
        classes={['', 'num', 'num', 'num', 'num', 'num', 'num', 'num']}
      />
      <tbody>
        {rows.map((s) => {
          const w = windowOf(s, days);
          return (
            <tr key={s.traderId} data-trader-id={s.traderId}>
              <td>
                <Name s={s} />
              </td>
              <WindowCells w={w} roiClass="cp-roi" />
              <td className="num">{`${s.followers}/${s.maxFollowers}`}</td>
              <td className="num">
                <bdi dir="ltr">{`${f.money(s.aum)} USDT`}</bdi>
              </td>
              <td className="num">{f.pct(s.shareRate)}</td>
              <td className="cp-act">
                <FollowButton target={targetOf(s)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function LeaderCards({ rows, days }: { rows: readonly TraderSummary[]; days: number }) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  return (
    <ul className="stack-list cp-cards" data-testid="leaders-cards">
      {rows.map((s) => {
        const w = windowOf(s, days);
        return (
          <li key={s.traderId} className="card cp-card" data-trader-id={s.traderId}>
            <div className="cp-card__head">
              <Name s={s} />
              <span className="cp-sub">{t('followersOf', { n: s.followers, max: s.maxFollowers })}</span>
            </div>
            <div className="cp-card__roi">
              <span className="cp-sub">{t('col.roi', { n: days })}</span>
              <Signed value={w?.roi ?? null} percent className="cp-roi cp-roi--big" />
            </div>
            <dl className="cp-grid">
              <Figure label={t('col.pnl')}>
                <Signed value={w?.pnl ?? null} />
              </Figure>
              <Figure label={t('col.winRate')} className="cp-num">
                {f.pct(w?.winRate)}
              </Figure>
              <Figure label={t('col.drawdown')} className="cp-num">
                {f.pct(w?.maxDrawdown)}
              </Figure>
              <Figure label={t('col.aum')} className="cp-num">
                <bdi dir="ltr">{`${f.money(s.aum)} USDT`}</bdi>
              </Figure>
              <Figure label={t('col.share')} className="cp-num">
                {f.pct(s.shareRate)}
              </Figure>
            </dl>
            <FollowButton target={targetOf(s)} block />
          </li>
        );
      })}
    </ul>
  );
}
