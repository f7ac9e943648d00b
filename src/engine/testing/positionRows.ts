/**
 * Position rows as the server's POSITION frames carry them (the REST Position without `mark`), for the tests of
 * the positions topic in the engine and the worker.
 */
import { Decimal } from '../../shared/decimal';
import type { Position } from '../../shared/schemas/futures';

export type PositionRow = Omit<Position, 'mark'>;

/** One coin per share unless told: btcusdt 0.001, ethusdt 0.01. */
export const SHARE_NUMBER: Record<string, string> = { btcusdt: '0.001', ethusdt: '0.01' };

/** An open position; `quantity` follows from `shares` and the symbol's share size. */
export function positionRow(over: Partial<PositionRow> = {}): PositionRow {
  const symbol = over.symbol ?? 'btcusdt';
  const shares = over.shares ?? '10';
  return {
    id: 1,
    symbol,
    side: 'long',
    leverage: 10,
    shares,
    quantity: new Decimal(shares).times(SHARE_NUMBER[symbol] ?? '1').toFixed(),
    entryPrice: '60000.000000',
    margin: '60.000000',
    liquidationPrice: '55200.00',
    lossRate: '0.8',
    takeProfit: null,
    stopLoss: null,
    closingShares: '0',
    realisedPnl: '0.000000',
    fees: '0.300000',
    funding: '0.000000',
    status: 'open',
    closePrice: null,
    liquidation: null,
    createTime: 1,
    updateTime: 2,
    closeTime: null,
    ...over,
  };
}
