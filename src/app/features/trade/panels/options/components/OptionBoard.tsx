/**
 * The options board (OUI-2): expiry tabs (tenor, expiry time, countdown on server time), the spot, volatility
 * and fee the premiums use, and one row per strike: call premium | strike | put premium, the row nearest the
 * spot marked, in-the-money sides shaded. Picking a premium opens the ticket for that option (OUI-3).
 */
import { Fact } from '../../../components/kit/Fact';
import { useTranslation } from 'react-i18next';
import type { OptionChain, OptionKind, OptionTenor } from '../../../../../../shared/schemas/options';
import { formatDateTime, formatDecimal } from '../../../../../i18n/format';
import { DataState } from '../../../../../ui/DataState';
import { EmptyState } from '../../../../../ui/EmptyState';
import { Countdown } from '../../../components/Countdown';
import { inTheMoney, nearestStrike, OPTION_COIN, volatilityPercent } from '../model/options';

type Expiry = OptionChain['expiries'][number];

export interface OptionPick {
  kind: OptionKind;
  strike: string;
  expiry: number;
  tenor: OptionTenor;
}

export interface BoardProps {
  state: { status: 'loading' | 'ok' | 'error'; error?: string; reload: () => void };
  chain: OptionChain | undefined;
  expiries: readonly Expiry[];
  selected: Expiry | undefined;
  onTenor: (tenor: OptionTenor) => void;
  /** serverNow - localNow (null: the local clock). */
  offset: number | null;
  picked: OptionPick | null;
  onPick: (pick: OptionPick) => void;
  /** Called when the shown expiry's countdown reaches zero (the chain rolls to the next one). */
  onExpired?: () => void;
  now?: () => number;
}

export function OptionBoard(p: BoardProps) {
  const { t } = useTranslation('options');
  const chain = p.chain;
  return (
    <section className="opt-board" aria-label={t('board.title')} data-testid="options-board">
      <div className="opt-board__head">
        <h2 className="opt-h">{t('board.title')}</h2>
        {chain && (
          <dl className="opt-inputs" data-testid="options-inputs">
            <Fact label={t('board.spot')} testId="options-spot">
              {formatDecimal(chain.spot)}
            </Fact>
            <Fact label={t('board.volatility')}>
              {t('pct', { pct: formatDecimal(volatilityPercent(chain.volatility)) })}
            </Fact>
            <Fact label={t('board.fee')}>
              {chain.feeType === 2
                ? t('board.feeFixed', { amount: formatDecimal(chain.feeValue), coin: OPTION_COIN })
                : t('board.feePct', { pct: formatDecimal(chain.feeValue) })}
            </Fact>
          </dl>
        )}
      </div>
      <DataState
        compact
        status={chain ? 'ok' : p.state.status}
        error={p.state.error}
        onRetry={p.state.reload}
        empty={!!chain && p.expiries.length === 0}
        emptyView={<EmptyState compact title={t('board.empty')} />}
      >
        <div className="mk-tabs opt-tenors" role="tablist" aria-label={t('board.expiries')}>
          {p.expiries.map((e) => (
            <button
              key={e.tenor}
              type="button"
              role="tab"
              className="mk-tab opt-tenor"
              aria-selected={p.selected?.tenor === e.tenor}
              onClick={() => p.onTenor(e.tenor)}
              data-testid={`options-tenor-${e.tenor}`}
            >
              <span className="opt-tenor__name">{t(`tenor.${e.tenor}`)}</span>
              <span className="opt-tenor__time">{formatDateTime(e.expiry, { style: 'time' })}</span>
            </button>
          ))}
        </div>
        {p.selected && (
          <>
            <p className="opt-expiry" data-testid="options-expiry">
              {t('board.expiresAt', { time: formatDateTime(p.selected.expiry) })}
              <span className="opt-expiry__left">
                {t('board.in')}{' '}
                <Countdown
                  key={p.selected.expiry}
                  closeTime={p.selected.expiry}
                  offset={p.offset}
                  onClose={p.onExpired}
                  now={p.now}
                />
              </span>
            </p>
            <Strikes {...p} expiry={p.selected} />
          </>
        )}
      </DataState>
    </section>
  );
}

function Strikes(p: BoardProps & { expiry: Expiry }) {
  const { t } = useTranslation('options');
  const spot = p.chain?.spot;
  const atm = nearestStrike(p.expiry.strikes, spot);
  if (p.expiry.strikes.length === 0) return <EmptyState compact title={t('board.noStrikes')} />;
  const cell = (kind: OptionKind, strike: string, premium: string) => {
    const active = p.picked?.kind === kind && p.picked.strike === strike && p.picked.expiry === p.expiry.expiry;
    return (
      <td className={`opt-cell opt-cell--${kind}${inTheMoney(kind, strike, spot) ? ' opt-cell--itm' : ''}`}>
        <button
          type="button"
          className="opt-prem"
          aria-pressed={active}
          aria-label={t('board.pickLabel', {
            kind: t(`kind.${kind}`),
            strike: formatDecimal(strike),
            premium: formatDecimal(premium),
            coin: OPTION_COIN,
          })}
          onClick={() => p.onPick({ kind, strike, expiry: p.expiry.expiry, tenor: p.expiry.tenor })}
          data-testid={`options-${kind}-${strike}`}
        >
          {formatDecimal(premium)}
        </button>
      </td>
    );
  };
  return (
    <div className="opt-tablewrap">
      <table className="opt-table" data-testid="options-strikes">
        <caption className="visually-hidden">{t('board.caption', { coin: OPTION_COIN })}</caption>
        <thead>
          <tr>
            <th scope="col" className="opt-th opt-th--call">
              {t('board.callPremium')}
            </th>
            <th scope="col" className="opt-th opt-th--strike">
              {t('board.strike')}
            </th>
            <th scope="col" className="opt-th opt-th--put">
              {t('board.putPremium')}
            </th>
          </tr>
        </thead>
        <tbody>
          {p.expiry.strikes.map((k, i) => (
            <tr
              key={k.strike}
              className={`opt-row${i === atm ? ' opt-row--atm' : ''}`}
              data-testid="options-strike-row"
              data-atm={i === atm ? 'true' : undefined}
            >
              {cell('call', k.strike, k.call)}
              <th scope="row" className="opt-strike">
                {formatDecimal(k.strike)}
                {i === atm && <span className="opt-atm">{t('board.nearSpot')}</span>}
              </th>
              {cell('put', k.strike, k.put)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
