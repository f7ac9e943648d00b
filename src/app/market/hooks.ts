/**
 * The bridge from the market worker to React (issue 3, part 3). Screens use only these hooks;
 * each commits at most once per animation frame. Signatures are the contract for the screens;
 * the implementation lands with the worker.
 */
import type { KlineInterval } from '../../shared/protocol';
import type { ConnectionHealth, KlineView, TickerView, TradesView } from '../../engine/views';

export declare function useTicker(symbol: string | undefined): TickerView | undefined;
export declare function useKlines(symbol: string | undefined, interval: KlineInterval): KlineView | undefined;
export declare function useTrades(symbol: string | undefined): TradesView | undefined;
export declare function useConnectionHealth(): ConnectionHealth;
