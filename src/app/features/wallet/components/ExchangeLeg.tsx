/** The flash exchange's two sides (FX-*): a side's name, the balance of its coin, its coin picker and amount. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../i18n/format';
import { CoinIcon } from '../../../ui/CoinIcon';

/**
 * One side of the exchange: its name and the platform balance of its coin, then the coin picker and the amount
 * (typed on the side paid, where the name labels the input; shown on the side received).
 */
export function ExchangeLeg(props: {
  side: 'from' | 'to';
  coin: string;
  coins: readonly string[];
  onPick: (c: string) => void;
  available: string;
  inputId?: string;
  balanceTestId?: string;
  invalid?: boolean;
  error?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const name = t(`exchange.${props.side}`);
  return (
    <div className={props.invalid ? 'fx-leg fx-leg--invalid' : 'fx-leg'}>
      <div className="fx-leg__head">
        {props.inputId ? (
          <label htmlFor={props.inputId} className="fx-leg__label">
            {name}
          </label>
        ) : (
          <span className="fx-leg__label">{name}</span>
        )}
        <span className="fx-leg__balance" data-testid={props.balanceTestId}>
          {t('exchange.available', { amount: formatDecimal(props.available), coin: props.coin })}
        </span>
      </div>
      <div className="fx-leg__row">
        <CoinPicker
          label={name}
          value={props.coin}
          coins={props.coins}
          onPick={props.onPick}
          testId={`exchange-${props.side}`}
        />
        {props.children}
      </div>
      {props.error}
    </div>
  );
}

function CoinPicker(props: {
  label: string;
  value: string;
  coins: readonly string[];
  onPick: (c: string) => void;
  testId: string;
}) {
  return (
    <span className="fx-coin">
      <CoinIcon coin={props.value} size={28} />
      <select
        className="fx-coin__select"
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onPick(e.currentTarget.value)}
        data-testid={props.testId}
      >
        {props.coins.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </span>
  );
}
