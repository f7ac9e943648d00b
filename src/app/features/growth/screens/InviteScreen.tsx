/**
 * The promotion centre (INVUI-1..6; REB-1..3): `/invaite` and `/invite` laid out for the phone, `/extend` for the
 * desktop (each works at both sizes). The caller's code and link with copy buttons, the QR code of the link and a
 * poster to share (PNG); their invitees and rebate totals; the rules as the server applies them (ratios as percent
 * of each fee, whether rebates are paid now, whether a code is required); the invitees by level with their dates
 * and the rebates by day, by invitee and one by one.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Decimal } from '../../../../shared/decimal';
import { rebateShares } from '../../../../shared/rewards/rebateRules';
import type { InviteInfo, InviteePage, RebatePage } from '../../../../shared/schemas/rewards';
import { formatDateTime, formatDecimal } from '../../../i18n/format';
import { TopBar } from '../../../ui/TopBar';
import { DataState, dataStatus } from '../../../ui/DataState';
import { EmptyState } from '../../../ui/EmptyState';
import type { QueryResult } from '../../../data/useQuery';
import { Popup } from '../../../ui/Popup';
import { QrCode } from '../../../ui/QrCode';
import { toast } from '../../../state/toast';
import { UnderlineTabs, tabId } from '../../../ui/UnderlineTabs';
import { Pager } from '../../proxy';
import { downloadPoster, Poster } from '../components/Poster';
import { INVITE_PAGE_SIZE, useInviteInfo, useInvitees, useRebates } from '../data';
import '../../../ui/programme.css';
import '../components/invite.css';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { ColumnHeads } from '../../../ui/ColumnHeads';

/** The rebate tables' column classes: a label, then amounts. */
const NUM_AFTER_FIRST = ['', 'proxy-num', 'proxy-num'];

/** The example fee the rules work through (INVUI-4). */
const EXAMPLE_FEE = '10';

function linkOf(info: InviteInfo): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}${info.path}`;
}

async function copy(text: string, ok: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(ok, { kind: 'success' });
  } catch {
    toast(failed, { kind: 'error' });
  }
}

function ShareCard({ info }: { info: InviteInfo }) {
  const { t } = useTranslation('invite');
  const [poster, setPoster] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  const link = linkOf(info);
  const save = async () => {
    if (!svg.current) return;
    try {
      await downloadPoster(svg.current, info.code);
    } catch {
      toast(t('poster.failed'), { kind: 'error' });
    }
  };
  return (
    <section className="card prog-card invite-share" aria-labelledby="invite-share-title" data-testid="invite-share">
      <h2 id="invite-share-title">{t('share.title')}</h2>
      <div className="invite-share__body">
        <div className="invite-share__qr">
          <QrCode text={link} size={132} label={t('qr')} />
        </div>
        <div className="invite-share__fields">
          <span className="proxy-muted">{t('code')}</span>
          <div className="proxy-code">
            <code data-testid="invite-code">{info.code}</code>
            <button
              type="button"
              className="prog-btn prog-btn--ghost invite-btn-sm"
              onClick={() => void copy(info.code, t('copied'), t('copyFailed'))}
              data-testid="invite-copy-code"
            >
              {t('copy')}
            </button>
          </div>
          <span className="proxy-muted">{t('link')}</span>
          <div className="invite-link">
            <input readOnly value={link} aria-label={t('link')} data-testid="invite-link" />
            <button
              type="button"
              className="prog-btn prog-btn--ghost invite-btn-sm"
              onClick={() => void copy(link, t('copied'), t('copyFailed'))}
              data-testid="invite-copy-link"
            >
              {t('copy')}
            </button>
          </div>
        </div>
      </div>
      <button type="button" className="prog-btn" onClick={() => setPoster(true)} data-testid="invite-poster-open">
        {t('poster.open')}
      </button>
      <Popup open={poster} onClose={() => setPoster(false)} title={t('poster.title')}>
        <div className="invite-poster-wrap">
          <Poster ref={svg} code={info.code} link={link} />
        </div>
        <div className="proxy-actions">
          <button type="button" className="prog-btn prog-btn--ghost" onClick={() => setPoster(false)}>
            {t('close')}
          </button>
          <button type="button" className="prog-btn" onClick={() => void save()} data-testid="invite-poster-download">
            {t('poster.download')}
          </button>
        </div>
      </Popup>
    </section>
  );
}

function Totals({ info }: { info: InviteInfo }) {
  const { t } = useTranslation('invite');
  const others = info.byCoin.filter((c) => c.coin !== 'USDT');
  return (
    <section className="card prog-card invite-totals" aria-labelledby="invite-totals-title" data-testid="invite-totals">
      <h2 id="invite-totals-title">{t('totals.title')}</h2>
      <dl className="prog-figures invite-figures">
        {info.invitees.map((n, i) => (
          <div className="prog-figure" key={i}>
            <dt>{t('totals.level', { level: i + 1 })}</dt>
            <dd className="proxy-num" data-testid={`invite-count-${i + 1}`}>
              {n}
            </dd>
          </div>
        ))}
        <div className="prog-figure">
          <dt>{t('totals.earned')}</dt>
          <dd className="proxy-num" data-testid="invite-earned">
            {formatDecimal(info.earned)}
            <span className="proxy-unit"> USDT</span>
          </dd>
        </div>
        <div className="prog-figure">
          <dt>{t('totals.today')}</dt>
          <dd className="proxy-num">
            {formatDecimal(info.earnedToday)}
            <span className="proxy-unit"> USDT</span>
          </dd>
        </div>
      </dl>
      {others.length > 0 ? (
        <p className="proxy-muted proxy-num invite-others">
          {t('totals.others')} {others.map((c) => `${formatDecimal(c.amount)} ${c.coin}`).join(' · ')}
        </p>
      ) : null}
    </section>
  );
}

/** INVUI-4: the rules as the server applies them, with a worked example by the shared `rebateShares`. */
function Rules({ info }: { info: InviteInfo }) {
  const { t } = useTranslation('invite');
  const example = rebateShares(EXAMPLE_FEE, 'USDT', info.ratios);
  return (
    <section className="card prog-card invite-rules" aria-labelledby="invite-rules-title" data-testid="invite-rules">
      <h2 id="invite-rules-title">{t('rules.title')}</h2>
      <p className={info.rebateOpen ? 'invite-on' : 'invite-off'} data-testid="invite-rebate-state">
        {info.rebateOpen ? t('rules.on') : t('rules.off')}
      </p>
      <ol className="proxy-steps">
        <li>{t('rules.register')}</li>
        <li>{t('rules.levels')}</li>
        <li>{t('rules.fees')}</li>
      </ol>
      <table className="proxy-table proxy-table--days">
        <ColumnHeads
          cols={[t('rules.level'), t('rules.ratio'), t('rules.example', { fee: formatDecimal(EXAMPLE_FEE) })]}
          classes={NUM_AFTER_FIRST}
        />
        <tbody>
          {info.ratios.map((r, i) => (
            <tr key={i}>
              <td>{t('totals.level', { level: i + 1 })}</td>
              <td className="proxy-num" data-testid={`invite-ratio-${i + 1}`}>
                {formatDecimal(new Decimal(r).toFixed())} %
              </td>
              <td className="proxy-num">{formatDecimal(example[i])} USDT</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="proxy-muted">{t('rules.rounding')}</p>
      <p className="proxy-muted" data-testid="invite-code-required">
        {info.inviteCodeRequired ? t('rules.required') : t('rules.optional')}
      </p>
    </section>
  );
}

const LEVELS = [0, 1, 2, 3] as const;

function InviteeList() {
  const { t } = useTranslation('invite');
  const [level, setLevel] = useState<number>(0);
  const [pageNum, setPageNum] = useState(1);
  const page = useInvitees(level, pageNum);
  const empty = <EmptyState title={t('list.empty')} description={t('list.emptyHint')} compact />;
  return (
    <div className="invite-panel">
      <ChoiceGroup
        kind="toggle"
        className="invite-chips"
        label={t('list.levelFilter')}
        options={LEVELS}
        isOn={(l) => l === level}
        onPick={(l) => {
          setLevel(l);
          setPageNum(1);
        }}
        buttonClass={(_, on) => `invite-chip${on ? ' invite-chip--on' : ''}`}
        testId={(l) => `invite-level-${l}`}
      >
        {(l) => (l === 0 ? t('list.all') : t('totals.level', { level: l }))}
      </ChoiceGroup>
      <PagedList page={page} pageNum={pageNum} onPage={setPageNum} emptyView={empty}>
        {(data) => <InviteeRows data={data} />}
      </PagedList>
    </div>
  );
}

function InviteeRows({ data }: { data: InviteePage }) {
  const { t } = useTranslation('invite');
  return (
    <ul className="proxy-earnings" data-testid="invite-invitees">
      {data.rows.map((r, i) => (
        <li key={`${r.name}-${r.joinedAt}-${i}`} className="proxy-earning">
          <div>
            <strong>{r.name}</strong>
            <span className="proxy-muted">
              {t('list.joined', { date: formatDateTime(r.joinedAt, { style: 'date' }) })}
            </span>
          </div>
          <div className="proxy-num">
            <span className="invite-level-tag">{t('totals.level', { level: r.level })}</span>
            <span className="proxy-muted">{t('list.brought', { amount: formatDecimal(r.rebate) })}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function RebateViews({ data }: { data: RebatePage }) {
  const { t } = useTranslation('invite');
  return (
    <>
      <div className="invite-two">
        <RebateSums
          testId="invite-by-day"
          caption={t('rebates.byDay')}
          firstCol={t('rebates.day')}
          rows={data.byDay.slice(0, 14).map((d) => ({
            key: `${d.day}-${d.coin}`,
            first: formatDateTime(d.day, { style: 'date', offsetMinutes: 0 }),
            amount: d.amount,
            coin: d.coin,
          }))}
        />
        <RebateSums
          testId="invite-by-invitee"
          caption={t('rebates.byInvitee')}
          firstCol={t('rebates.invitee')}
          rows={data.byInvitee.slice(0, 14).map((d) => ({
            key: `${d.invitee}-${d.level}-${d.coin}`,
            first: (
              <>
                {d.invitee} <span className="invite-level-tag">{t('totals.level', { level: d.level })}</span>
              </>
            ),
            amount: d.amount,
            coin: d.coin,
          }))}
        />
      </div>
      <h3 className="invite-h3">{t('rebates.payments')}</h3>
      <ul className="proxy-earnings" data-testid="invite-rebates">
        {data.rows.map((r) => (
          <li key={r.id} className="proxy-earning">
            <div>
              <strong>{r.invitee}</strong>
              <span className="proxy-muted">
                {formatDateTime(r.time)} · {t(`source.${r.source}`)} · {t('totals.level', { level: r.level })}
              </span>
            </div>
            <div className="proxy-num">
              <strong>
                +{formatDecimal(r.amount)} {r.coin}
              </strong>
              <span className="proxy-muted">{t('rebates.ofFee', { fee: formatDecimal(r.fee), coin: r.coin })}</span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A table of rebate sums: what each row sums (a day, an invitee), then the amount with its coin. */
function RebateSums(props: {
  testId: string;
  caption: string;
  firstCol: string;
  rows: { key: string; first: ReactNode; amount: string; coin: string }[];
}) {
  const { t } = useTranslation('invite');
  return (
    <table className="proxy-table" data-testid={props.testId}>
      <caption>{props.caption}</caption>
      <ColumnHeads cols={[props.firstCol, t('rebates.amount')]} classes={NUM_AFTER_FIRST} />
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.key}>
            <td>{r.first}</td>
            <td className="proxy-num">
              {formatDecimal(r.amount)} {r.coin}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RebateList() {
  const { t } = useTranslation('invite');
  const [pageNum, setPageNum] = useState(1);
  const page = useRebates(pageNum);
  const empty = <EmptyState title={t('rebates.empty')} description={t('rebates.emptyHint')} compact />;
  return (
    <div className="invite-panel">
      <PagedList page={page} pageNum={pageNum} onPage={setPageNum} emptyView={empty}>
        {(data) => <RebateViews data={data} />}
      </PagedList>
    </div>
  );
}

/** A page of the invitees or of the rebates: its loading, error and empty states, its rows and the pager. */
function PagedList<T extends { total: number }>(p: {
  page: QueryResult<T>;
  pageNum: number;
  onPage: (n: number) => void;
  emptyView: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { page } = p;
  return (
    <DataState
      status={dataStatus(page)}
      error={page.error}
      onRetry={page.reload}
      empty={page.data?.total === 0}
      emptyView={p.emptyView}
      compact
    >
      {page.data ? p.children(page.data) : null}
      {page.data ? (
        <Pager pageNum={p.pageNum} total={page.data.total} pageSize={INVITE_PAGE_SIZE} onPage={p.onPage} />
      ) : null}
    </DataState>
  );
}

type Tab = 'invitees' | 'rebates';
const TABS: readonly Tab[] = ['invitees', 'rebates'];

function Lists() {
  const { t } = useTranslation('invite');
  const [tab, setTab] = useState<Tab>('invitees');
  return (
    <section className="card prog-card invite-lists" data-testid="invite-lists">
      <UnderlineTabs<Tab>
        tabs={TABS}
        active={tab}
        onSelect={setTab}
        label={(k) => t(`tabs.${k}`)}
        ariaLabel={t('tabs.label')}
        idPrefix="invite"
        panelId="invite-panel"
        testIdPrefix="invite-tab"
      />
      <div id="invite-panel" role="tabpanel" aria-labelledby={tabId('invite', tab)}>
        {tab === 'invitees' ? <InviteeList /> : <RebateList />}
      </div>
    </section>
  );
}

export function InviteCentre({ layout, titleKey }: { layout: 'phone' | 'desktop'; titleKey: string }) {
  const { t } = useTranslation(['invite', 'common']);
  const info = useInviteInfo();
  return (
    <div className={`app-screen invite-screen invite-screen--${layout}`} data-testid="invite-screen">
      <TopBar title={t(`common:title.${titleKey}`)} back />
      <div className="app-layout prog-layout">
        <p className="prog-lead">{t('invite:lead')}</p>
        <DataState status={dataStatus(info)} error={info.error} onRetry={info.reload}>
          {info.data ? (
            <div className="invite-grid">
              <ShareCard info={info.data} />
              <Totals info={info.data} />
              <Rules info={info.data} />
              <Lists />
            </div>
          ) : null}
        </DataState>
      </div>
    </div>
  );
}

/** `/invaite` and `/invite`: the phone layout. */
export default function InviteScreen() {
  return <InviteCentre layout="phone" titleKey="invite" />;
}
