/**
 * `/welfare` (WELUI-1..4): the welfare centre. A summary (rewards claimed, the platform USDT balance live through
 * the worker), the VIP card when VIP is on and the deposit bonuses (desktop beside the tasks, phone after them), a card per task with its reward and terms shown before any claim
 * (what counts, the window and its date, paid once as a deposit bonus) and its state: to do with a link to where
 * to do it, ready with a claim button, claimed with the date, or window closed; and the deposit bonuses. A claim
 * says what was credited; the balance follows through the live stream. Signed out: the lead and a log-in button.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { WELFARE_TERMS } from '../../../../../shared/rewards/welfareRules';
import type { WelfareTask } from '../../../../../shared/schemas/rewards';
import { formatDateTime, formatDecimal } from '../../../../i18n/format';
import { TopBar } from '../../../../ui/TopBar';
import { useIsDesktop } from '../../../../ui/useIsDesktop';
import { session } from '../../../../state/session';
import { SIGN_IN_PATH } from '../../../../ui/appPaths';
import { DataState, dataStatus } from '../../../../ui/DataState';
import { toast } from '../../../../state/toast';
import { useAssetBalances } from '../../../../money/balances';
import { claimWelfare, useWelfareInfo } from '../data';
import { DepositBonuses } from '../components/DepositBonuses';
import { VipCard } from '../components/VipCard';
import { TASK_LINKS, daysLeft, taskCardState } from '../model/welfareView';
import '../components/welfare.css';
import { clock } from '../../../../time/clock';
import { AlertText } from '../../../../ui/AlertText';

function TaskCard({ task, now }: { task: WelfareTask; now: number }) {
  const { t } = useTranslation('welfare');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [credited, setCredited] = useState('');
  const state = taskCardState(task, now);
  const left = state === 'todo' ? daysLeft(task.deadline, now) : null;
  const claim = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await claimWelfare(task.id);
      const msg = t('credited', { amount: formatDecimal(r.amount), coin: r.coin });
      setCredited(msg);
      toast(msg, { kind: 'success' });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={`card prog-card wel-task is-${state}`} data-testid={`welfare-task-${task.id}`} data-state={state}>
      <div className="wel-task__head">
        <h3>{t(`task.${task.id}.title`)}</h3>
        <span className={`wel-state wel-state--${state}`} data-testid="welfare-state">
          {t(`state.${state}`)}
        </span>
      </div>
      <p className="wel-task__reward">
        <span className="wel-muted">{t('reward')}</span>
        <strong className="proxy-num">
          +{formatDecimal(task.amount)} <span className="wel-unit">{task.coin}</span>
        </strong>
      </p>
      <ul className="wel-terms">
        <li>{t(`task.${task.id}.what`)}</li>
        <li>
          {task.deadline !== null && task.windowDays !== null
            ? t('terms.window', {
                days: task.windowDays,
                date: formatDateTime(task.deadline, { style: 'date' }),
              })
            : t('terms.noWindow')}
          {left !== null ? <span className="wel-left"> {t('terms.daysLeft', { count: left })}</span> : null}
        </li>
        <li>{t('terms.paid')}</li>
      </ul>
      <div className="wel-task__foot">
        {state === 'todo' ? (
          <Link className="prog-btn prog-btn--ghost" to={TASK_LINKS[task.id]} data-testid="welfare-go">
            {t('action.go')}
          </Link>
        ) : null}
        {state === 'claimable' ? (
          <button
            type="button"
            className="prog-btn"
            disabled={busy}
            onClick={() => void claim()}
            data-testid="welfare-claim"
          >
            {busy ? t('action.claiming') : t('action.claim', { amount: formatDecimal(task.amount), coin: task.coin })}
          </button>
        ) : null}
        {state === 'claimed' && task.claimedAt !== null ? (
          <p className="wel-muted" data-testid="welfare-claimed-on">
            {t('claimedOn', { date: formatDateTime(task.claimedAt) })}
          </p>
        ) : null}
        {state === 'expired' ? <p className="wel-muted">{t('expiredText')}</p> : null}
      </div>
      <p className="wel-credited" role="status" data-testid="welfare-credited">
        {credited}
      </p>
      <AlertText text={error} className="proxy-error" />
    </li>
  );
}

function Summary({ claimed }: { claimed: string }) {
  const { t } = useTranslation('welfare');
  const balances = useAssetBalances();
  const usdt = balances.data?.find((b) => b.account === 'platform' && b.coin.toUpperCase() === 'USDT');
  return (
    <section className="card prog-card" aria-label={t('summary.claimed')}>
      <dl className="prog-figures wel-figures">
        <div className="prog-figure">
          <dt>{t('summary.claimed')}</dt>
          <dd className="proxy-num" data-testid="welfare-total">
            {formatDecimal(claimed)} <span className="wel-unit">USDT</span>
          </dd>
        </div>
        <div className="prog-figure">
          <dt>{t('summary.balance')}</dt>
          <dd className="proxy-num" data-testid="welfare-balance">
            {usdt ? formatDecimal(usdt.available) : '--'} <span className="wel-unit">USDT</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The terms as the screen shows them before sign-in (the same table the server pays from). */
function SignedOutTasks() {
  const { t } = useTranslation('welfare');
  return (
    <ul className="wel-tasks">
      {(Object.keys(WELFARE_TERMS) as (keyof typeof WELFARE_TERMS)[]).map((id) => (
        <li key={id} className="card prog-card wel-task">
          <div className="wel-task__head">
            <h3>{t(`task.${id}.title`)}</h3>
          </div>
          <p className="wel-task__reward">
            <span className="wel-muted">{t('reward')}</span>
            <strong className="proxy-num">
              +{formatDecimal(WELFARE_TERMS[id].amount)} <span className="wel-unit">{WELFARE_TERMS[id].coin}</span>
            </strong>
          </p>
          <p className="wel-muted">{t(`task.${id}.what`)}</p>
        </li>
      ))}
    </ul>
  );
}

export default function WelfareScreen() {
  const { t } = useTranslation(['welfare', 'common']);
  const { isSign } = useSnapshot(session);
  const info = useWelfareInfo();
  const desktop = useIsDesktop();
  const now = clock.now();
  return (
    <div className="app-screen" data-testid="welfare-screen">
      <TopBar title={t('common:title.welfare')} back />
      <div className="app-layout prog-layout">
        <p className="prog-lead">{t('welfare:lead')}</p>
        {!isSign ? (
          <>
            <section className="card prog-card" data-testid="welfare-signed-out">
              <p>{t('welfare:signedOut')}</p>
              <Link className="prog-btn" to={SIGN_IN_PATH}>
                {t('welfare:logIn')}
              </Link>
            </section>
            <SignedOutTasks />
          </>
        ) : (
          <DataState status={dataStatus(info)} error={info.error} onRetry={info.reload}>
            {info.data ? (
              <div className="wel-grid">
                <div className="wel-side">
                  <Summary claimed={info.data.claimedTotal} />
                  {desktop ? <VipCard /> : null}
                  {desktop ? <DepositBonuses /> : null}
                </div>
                <div className="wel-main">
                  <h2 className="wel-h">{t('welfare:tasks')}</h2>
                  <ul className="wel-tasks">
                    {info.data.tasks.map((task) => (
                      <TaskCard key={task.id} task={task} now={now} />
                    ))}
                  </ul>
                  {desktop ? null : <DepositBonuses />}
                  {desktop ? null : <VipCard />}
                </div>
              </div>
            ) : null}
          </DataState>
        )}
      </div>
    </div>
  );
}
