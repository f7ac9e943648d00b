/**
 * The trader programme (FOLUI-6): its rules, each met or not with what it needs and what the caller has; the
 * programme's figures; the application (a nickname and a share rate up to highRebate percent), possible once every
 * rule is met; and for a lead trader the dashboard: figures, followers and the profit share received.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nanoid } from 'nanoid';
import type { TraderDashboard, TraderProgramme } from '../../../../shared/schemas/follow';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import { toast } from '../../../state/toast';
import { sendApply, useDashboard, useProgramme, useUid } from '../data';
import { pct, shareRateOf, windowOf } from '../model/follow';
import { followPath } from '../paths';
import { BotBadge, Signed, useFmt } from './cells';
import { Figure } from '../../../ui/Figure';
import { SignInFirst } from './SignInFirst';
import { AlertText } from '../../../ui/AlertText';
import { UnitField } from '../../../forms/UnitField';

export function Programme() {
  const uid = useUid();
  const q = useProgramme(uid);
  if (uid === '') return <SignInFirst />;
  return (
    <DataState status={dataStatus(q)} error={q.error} onRetry={q.reload}>
      {q.data ? <ProgrammeBody p={q.data} uid={uid} /> : null}
    </DataState>
  );
}

function ProgrammeBody({ p, uid }: { p: TraderProgramme; uid: string }) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  return (
    <div className="cp-programme" data-testid="programme">
      {p.isTrader ? <Dashboard uid={uid} /> : null}
      <section className="card cp-section" aria-labelledby="cp-rules">
        <h3 id="cp-rules">{t('prog.rules')}</h3>
        <ul className="stack-list cp-rules" data-testid="programme-rules">
          {p.rules.map((r) => (
            <li key={r.rule} className={`cp-rule${r.met ? ' cp-rule--met' : ''}`} data-rule={r.rule} data-met={r.met}>
              <span className="cp-rule__mark" aria-hidden="true">
                {r.met ? '✓' : '✗'}
              </span>
              <span className="cp-rule__text">
                <strong>{t(`prog.rule.${r.rule}`)}</strong>
                {r.need !== '' && <span className="cp-sub">{t('prog.needHave', { need: r.need, have: r.have })}</span>}
              </span>
              <span className="visually-hidden">{t(r.met ? 'prog.met' : 'prog.unmet')}</span>
            </li>
          ))}
        </ul>
        <dl className="cp-grid cp-grid--wide">
          <Figure label={t('prog.defaultShare')} className="cp-num">
            {f.pct(p.shareRate)}
          </Figure>
          <Figure label={t('prog.highRebate')} className="cp-num">
            {`${f.num(p.highRebate)}%`}
          </Figure>
          <Figure label={t('prog.followers')} className="cp-num">
            {t('prog.followersValue', { n: p.defaultUserCount, max: p.maxUserCount })}
          </Figure>
          <Figure label={t('prog.minEquity')} className="cp-num">
            {`${f.money(p.traderMinAmount)} USDT`}
          </Figure>
          <Figure label={t('prog.totalTraders')} className="cp-num">
            {p.totalTraders}
          </Figure>
          <Figure label={t('prog.totalFollowers')} className="cp-num">
            {p.totalFollowers}
          </Figure>
          <Figure label={t('prog.totalShare')} className="cp-num">
            {`${f.money(p.totalShare)} USDT`}
          </Figure>
          <Figure label={t('prog.totalAum')} className="cp-num">
            {`${f.money(p.totalAum)} USDT`}
          </Figure>
        </dl>
      </section>
      {p.isTrader ? null : <ApplyForm p={p} />}
    </div>
  );
}

function ApplyForm({ p }: { p: TraderProgramme }) {
  const { t } = useTranslation('follow');
  const ids = useId();
  const formId = useMemo(() => nanoid(8), []);
  const [nickname, setNickname] = useState('');
  const [share, setShare] = useState(() => pct(p.shareRate).replace(/\.?0+$/, ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const allMet = p.rules.every((r) => r.met);
  const rate = shareRateOf(share, p.highRebate);
  const nick = nickname.trim();
  const problem = !allMet
    ? t('prog.notMet')
    : nick.length < 2 || nick.length > 24
      ? t('prog.badNickname')
      : rate === null
        ? t('prog.badShare', { max: p.highRebate })
        : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem || rate === null || busy) return;
    setBusy(true);
    setError('');
    try {
      await sendApply({ nickname: nick, shareRate: rate }, `follow:apply:${formId}`);
      toast(t('prog.applied'), { kind: 'success' });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card cp-section" aria-labelledby={`${ids}-apply`}>
      <h3 id={`${ids}-apply`}>{t('prog.apply')}</h3>
      <form className="cp-dialog" data-testid="apply-form" onSubmit={submit}>
        <div className="cp-field">
          <label htmlFor={`${ids}-nick`}>{t('prog.nickname')}</label>
          <div className="cp-input">
            <input
              id={`${ids}-nick`}
              value={nickname}
              maxLength={24}
              onChange={(e) => setNickname(e.target.value)}
              data-testid="apply-nickname"
            />
          </div>
        </div>
        <UnitField
          look="cp"
          label={t('prog.shareRate')}
          value={share}
          onValue={setShare}
          unit="%"
          hint={t('prog.shareHint', { max: p.highRebate })}
          testId="apply-share"
        />
        <AlertText text={error} className="cp-error" />
        <button
          type="submit"
          className="cp-btn cp-btn--primary cp-btn--block"
          disabled={problem !== null || busy}
          data-testid="apply-submit"
        >
          {problem ?? t('prog.applyButton')}
        </button>
      </form>
    </section>
  );
}

function Dashboard({ uid }: { uid: string }) {
  const { t } = useTranslation('follow');
  const q = useDashboard(uid, true);
  return (
    <section className="card cp-section" aria-labelledby="cp-dash" data-testid="trader-dashboard">
      <h3 id="cp-dash">{t('dash.title')}</h3>
      <DataState status={dataStatus(q)} error={q.error} onRetry={q.reload} compact>
        {q.data ? <DashboardBody d={q.data} /> : null}
      </DataState>
    </section>
  );
}

function DashboardBody({ d }: { d: TraderDashboard }) {
  const { t } = useTranslation('follow');
  const f = useFmt();
  const s = d.summary;
  const w = windowOf(s, 30);
  return (
    <>
      <p>
        <Link to={followPath({ trader: s.traderId })} className="cp-name__link">
          {s.nickname}
        </Link>{' '}
        <BotBadge bot={s.bot} />
      </p>
      <dl className="cp-grid cp-grid--wide">
        <Figure label={t('col.roi', { n: 30 })}>
          <Signed value={w?.roi ?? null} percent />
        </Figure>
        <Figure label={t('col.pnl')}>
          <Signed value={w?.pnl ?? null} />
        </Figure>
        <Figure label={t('col.followers')} className="cp-num">
          {`${s.followers}/${s.maxFollowers}`}
        </Figure>
        <Figure label={t('dash.shareTotal')} className="cp-num">
          {`${f.money(d.shareTotal)} USDT`}
        </Figure>
      </dl>
      <h4 className="cp-h4">{t('dash.followers')}</h4>
      {d.followers.length === 0 ? (
        <EmptyState compact title={t('empty.followers')} />
      ) : (
        <ul className="stack-list cp-plist" data-testid="dash-followers">
          {d.followers.map((x) => (
            <li key={x.name + x.since} className="cp-prow">
              <span>{x.name}</span>
              <span className="cp-sub">{f.date(x.since)}</span>
              <span className="cp-num">
                {t('dash.followerLine', { margin: f.money(x.marginUsed), share: f.money(x.sharePaid) })}
              </span>
              <Signed value={x.realisedPnl} />
            </li>
          ))}
        </ul>
      )}
      <h4 className="cp-h4">{t('dash.shares')}</h4>
      {d.shares.length === 0 ? (
        <EmptyState compact title={t('empty.shares')} />
      ) : (
        <ul className="stack-list cp-plist" data-testid="dash-shares">
          {d.shares.map((x, i) => (
            <li key={`${x.time}-${i}`} className="cp-prow">
              <span className="cp-sub">{f.time(x.time)}</span>
              <span>{x.follower}</span>
              <span dir="ltr">{x.symbol.toUpperCase()}</span>
              <Signed value={x.amount} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
