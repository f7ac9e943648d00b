/**
 * A lead trader's page (/follow?trader=ID, FOLUI-3): the summary over the three windows with one line each on how
 * a figure is computed, the equity curve, open positions without size and closed ones with their PnL (COPY-10),
 * and the Follow / Edit button.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TraderDetail, TraderTrade } from '../../../../shared/schemas/follow';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { useTrader, useUid } from '../data';
import { WINDOWS, windowOf } from '../model/follow';
import { followPath } from '../paths';
import { BotBadge, SideText, Signed, useFmt, WindowCells } from './cells';
import { Figure } from '../../../ui/Figure';
import { EquityChart } from './EquityChart';
import { FollowButton } from './FollowButton';
import { ColumnHeads } from '../../../ui/ColumnHeads';

/** The figures a window shows and how each is computed (FOLUI-3). */
const FIGURES = ['roi', 'pnl', 'winRate', 'drawdown'] as const;

export function TraderPage({ id, desktop }: { id: number; desktop: boolean }) {
  const { t } = useTranslation('follow');
  const uid = useUid();
  const q = useTrader(id, uid);
  return (
    <div className="cp-trader" data-testid="trader-page">
      <Link to={followPath()} className="cp-link cp-back">
        {t('trader.back')}
      </Link>
      <DataState status={dataStatus(q)} error={q.error} onRetry={q.reload}>
        {q.data ? <TraderBody d={q.data} desktop={desktop} /> : null}
      </DataState>
    </div>
  );
}

function TraderBody({ d, desktop }: { d: TraderDetail; desktop: boolean }) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  const s = d.summary;
  return (
    <>
      <header className="cp-trader__head">
        <div>
          <h2 className="cp-trader__name">
            {s.nickname} <BotBadge bot={s.bot} />
          </h2>
          <p className="cp-sub">{t('trader.since', { date: f.date(s.since) })}</p>
        </div>
        <FollowButton
          target={{
            traderId: s.traderId,
            nickname: s.nickname,
            shareRate: s.shareRate,
            followers: s.followers,
            maxFollowers: s.maxFollowers,
          }}
          full
        />
      </header>
      <dl className="cp-grid cp-grid--wide">
        <Figure label={t('col.followers')} className="cp-num">
          {`${s.followers}/${s.maxFollowers}`}
        </Figure>
        <Figure label={t('col.aum')} className="cp-num">
          {`${f.money(s.aum)} USDT`}
        </Figure>
        <Figure label={t('trader.equityNow')} className="cp-num">
          {`${f.money(s.equity)} USDT`}
        </Figure>
        <Figure label={t('col.share')} className="cp-num">
          {f.pct(s.shareRate)}
        </Figure>
      </dl>

      <section className="card cp-section" aria-labelledby="cp-windows">
        <h3 id="cp-windows">{t('trader.figures')}</h3>
        <div className="cp-scroll">
          <table className="cp-table cp-table--windows" data-testid="trader-windows">
            <ColumnHeads
              cols={[t('window'), ...FIGURES.map((k) => t(`fig.${k}`)), t('fig.trades')]}
              classes={['', ...FIGURES.map(() => 'num'), 'num']}
            />
            <tbody>
              {WINDOWS.map((days) => {
                const w = windowOf(s, days);
                return (
                  <tr key={days}>
                    <th scope="row">{t('days', { n: days })}</th>
                    <WindowCells w={w} />
                    <td className="num">{w?.trades ?? '--'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <ul className="stack-list cp-how" data-testid="trader-how">
          {FIGURES.map((k) => (
            <li key={k}>
              <strong>{t(`fig.${k}`)}</strong>
              {`: ${t(`how.${k}`)}`}
            </li>
          ))}
          <li>{t('how.source')}</li>
        </ul>
      </section>

      <section className="card cp-section" aria-labelledby="cp-equity">
        <h3 id="cp-equity">{t('trader.equity')}</h3>
        <EquityChart points={d.equity} />
      </section>

      <section className="card cp-section" aria-labelledby="cp-open">
        <h3 id="cp-open">{t('trader.open', { n: d.open.length })}</h3>
        <p className="cp-note">{t('trader.openNote')}</p>
        <Trades rows={d.open} closed={false} desktop={desktop} />
      </section>
      <section className="card cp-section" aria-labelledby="cp-closed">
        <h3 id="cp-closed">{t('trader.closed')}</h3>
        <Trades rows={d.closed} closed desktop={desktop} />
      </section>
    </>
  );
}

function Trades({ rows, closed, desktop }: { rows: readonly TraderTrade[]; closed: boolean; desktop: boolean }) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  if (rows.length === 0) return <EmptyState compact title={t(closed ? 'empty.closed' : 'empty.open')} />;
  if (!desktop)
    return (
      <ul className="stack-list cp-cards" data-testid={closed ? 'trader-closed' : 'trader-open'}>
        {rows.map((r) => (
          <li key={r.id} className="card cp-card cp-card--small">
            <div className="cp-card__head">
              <span className="cp-pair" dir="ltr">
                {r.symbol.toUpperCase()}
              </span>
              <SideText side={r.side} leverage={r.leverage} />
              {closed ? <Signed value={r.pnl} /> : null}
            </div>
            <p className="cp-sub">
              {closed
                ? t('trader.closedLine', {
                    entry: f.num(r.entryPrice),
                    close: f.num(r.closePrice),
                    time: r.closedAt ? f.time(r.closedAt) : '--',
                  })
                : t('trader.openLine', { entry: f.num(r.entryPrice), time: f.time(r.openedAt) })}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <table className="cp-table" data-testid={closed ? 'trader-closed' : 'trader-open'}>
      <ColumnHeads
        cols={[
          t('col.pair'),
          t('col.side'),
          t('col.entry'),
          ...(closed ? [t('col.close'), t('col.pnl')] : []),
          t(closed ? 'col.closedAt' : 'col.openedAt'),
        ]}
        classes={['', '', 'num', 'num', 'num', 'num']}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td dir="ltr">{r.symbol.toUpperCase()}</td>
            <td>
              <SideText side={r.side} leverage={r.leverage} />
            </td>
            <td className="num">{f.num(r.entryPrice)}</td>
            {closed ? <td className="num">{f.num(r.closePrice)}</td> : null}
            {closed ? (
              <td className="num">
                <Signed value={r.pnl} />
              </td>
            ) : null}
            <td className="num">{f.time(closed ? (r.closedAt ?? r.openedAt) : r.openedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
