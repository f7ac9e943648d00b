/**
 * The cells the futures account's lists share: the number, money and time formats of the user's language and time
 * zone, a pair's display name, percent text, the up/down colour of a signed figure, and the long/short label.
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ContractPair } from '../../../../../shared/schemas/coins';
import { Decimal } from '../../../../../shared/decimal';
import { formatDateTime, formatDecimal, formatFixed } from '../../../../i18n/format';
import { QUOTE_DISPLAY_DECIMALS } from '../../../../../shared/numberFormat';
import { settings } from '../../../../state/settings';
import { useLanguage } from '../../../../ui/Price';
import { useFollowNickname } from '../../../../data/follows';

export function useFormat() {
  const lang = useLanguage();
  const { offsetMinutes } = useSnapshot(settings);
  return {
    num: (v: string | null | undefined) => (v === null || v === undefined ? '--' : formatDecimal(v, lang)),
    /** A USDT figure (PnL, margin): the quote coin's 2 display decimals, like the columns beside it (NUM-3). */
    money: (v: string | null | undefined) => formatFixed(v, QUOTE_DISPLAY_DECIMALS, {}, lang),
    time: (ms: number) => formatDateTime(ms, { style: 'short', lang, offsetMinutes }),
  };
}

export function pairName(pairs: ReadonlyMap<string, ContractPair>, symbol: string): string {
  const p = pairs.get(symbol.toLowerCase());
  return p ? `${p.coin}/${p.baseCoin}` : symbol.toUpperCase();
}

/** Percent text of a fraction ("0.1234" -> "12.34%"), exact. */
export function percentOf(fraction: string, lang: string): string {
  return `${formatDecimal(new Decimal(fraction).times(100).toFixed(2), lang)}%`;
}

export const signCls = (v: string | null | undefined) =>
  v === null || v === undefined || new Decimal(v).isZero() ? '' : v.startsWith('-') ? ' fo-down' : ' fo-up';

export function SideText({ side, leverage }: { side: 'long' | 'short'; leverage?: number }) {
  const { t } = useTranslation('futures');
  return (
    <span className={`sor-side--${side === 'long' ? 'buy' : 'sell'}`}>
      {t(side)}
      {leverage ? <span className="fa-lev num">{` ${leverage}x`}</span> : null}
    </span>
  );
}

/** The "Copy" badge of a copied position (FOLUI-7): with the lead trader's nickname when the follows list has it. */
export function CopyBadge({ copyOf }: { copyOf?: number | null }) {
  return copyOf ? <NamedCopyBadge traderId={copyOf} /> : null;
}

function NamedCopyBadge({ traderId }: { traderId: number }) {
  const { t } = useTranslation('futures');
  const name = useFollowNickname(traderId);
  return (
    <span className="brand-tag fa-copy" data-testid="copy-badge" title={t('copyBadgeHint')}>
      {name ? t('copyBadgeNamed', { name }) : t('copyBadge')}
    </span>
  );
}
