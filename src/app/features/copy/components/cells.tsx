/** The copy-trading screens' shared cells: numbers, percentages and times in the user's language and zone. */
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDecimal, formatFixed, trimDecimal } from '../../../i18n/format';
import { QUOTE_DISPLAY_DECIMALS } from '../../../../shared/numberFormat';
import { settings } from '../../../state/settings';
import { useLanguage } from '../../../ui/Price';
import type { TraderWindow } from '../../../../shared/schemas/follow';
import { pct, signOf } from '../model/follow';

const DASH = '--';

export function useFmt() {
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  return {
    lang,
    /** A USDT figure (PnL, equity, assets following): the quote coin's 2 display decimals (NUM-3). */
    money: (v: string | null | undefined) => formatFixed(v, QUOTE_DISPLAY_DECIMALS, {}, lang),
    num: (v: string | null | undefined) => (v === null || v === undefined ? DASH : formatDecimal(trimDecimal(v), lang)),
    /** A fraction as a percentage ("0.0312" -> "3.12%"). */
    pct: (v: string | null | undefined) => (v === null || v === undefined ? DASH : `${formatDecimal(pct(v), lang)}%`),
    date: (ms: number) => formatDateTime(ms, { style: 'date', lang, offsetMinutes }),
    time: (ms: number) => formatDateTime(ms, { style: 'short', lang, offsetMinutes }),
  };
}

/** A signed figure: green above zero, red below, with its "+". `percent` reads it as a fraction. */
export function Signed({ value, percent, className }: { value: string | null; percent?: boolean; className?: string }) {
  const f = useFmt();
  if (value === null) return <span className={className}>{DASH}</span>;
  const s = signOf(value);
  return (
    <span className={`${className ?? ''} ${s > 0 ? 'up' : s < 0 ? 'down' : ''}`.trim()} dir="ltr">
      {s > 0 ? '+' : ''}
      {percent ? f.pct(value) : f.money(value)}
    </span>
  );
}

/** A window's ROI, PnL, win rate and largest drawdown as table cells (a leaderboard row, a trader's windows). */
export function WindowCells({ w, roiClass }: { w: TraderWindow | null; roiClass?: string }) {
  const f = useFmt();
  return (
    <>
      <td className="num">
        <Signed value={w?.roi ?? null} percent className={roiClass} />
      </td>
      <td className="num">
        <Signed value={w?.pnl ?? null} />
      </td>
      <td className="num">{f.pct(w?.winRate)}</td>
      <td className="num">{f.pct(w?.maxDrawdown)}</td>
    </>
  );
}

/** The "simulated" badge of a bot-run lead trader (COPY-3). */
export function BotBadge({ bot }: { bot: boolean }) {
  const { t } = useTranslation('follow');
  if (!bot) return null;
  return (
    <span className="brand-tag cp-badge" title={t('botHint')} data-testid="bot-badge">
      {t('bot')}
    </span>
  );
}

export function SideText({ side, leverage }: { side: 'long' | 'short'; leverage?: number }) {
  const { t } = useTranslation('follow');
  return (
    <span className={side === 'long' ? 'up' : 'down'}>
      {t(`side.${side}`)}
      {leverage ? <span className="cp-sub">{` ${leverage}x`}</span> : null}
    </span>
  );
}
