/**
 * PERF-B8: the futures tab with five open positions at flood rate. Opens five 10x longs of the demo user through
 * the real order call (contract account USDT: the demo's 500), then the futures screen, and waits until its
 * positions table shows all five, valued at live marks.
 */
import type { Page } from 'playwright-core';
import type { Session } from './session';

/** The five pairs (all in the flood's 50) and the margin each position puts up (USDT, above minMargin 10). */
const PAIRS = ['btcusdt', 'ethusdt', 'solusdt', 'bnbusdt', 'xrpusdt'];
const MARGIN_USDT = 15;
const LEVERAGE = 10;

interface ContractPair {
  symbol: string;
  shareNumber: string;
  amount: string;
}

async function call<T>(s: Session, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${s.server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { satoken: s.token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const j = (await res.json()) as { code: number; msg: string; data: T };
  if (j.code !== 200) throw new Error(`${path}: ${j.msg}`);
  return j.data;
}

/** Opens the five positions at market. */
export async function openFivePositions(s: Session): Promise<void> {
  const lists = await call<{ contractList: ContractPair[] }>(s, '/api/common/getCoinList');
  for (const symbol of PAIRS) {
    const pair = lists.contractList.find((p) => p.symbol === symbol);
    if (!pair) throw new Error(`no contract pair ${symbol}`);
    const depth = await call<{ asks: [string, string][] }>(s, `/api/market/depth?symbol=${symbol}&limit=1`);
    const price = Number(depth.asks[0]?.[0] ?? pair.amount);
    // A benchmark fixture, not money shown to anyone: whole shares worth about MARGIN_USDT x LEVERAGE.
    const shares = Math.max(1, Math.ceil((MARGIN_USDT * LEVERAGE) / (price * Number(pair.shareNumber))));
    await call(s, '/api/contract/order/submit', {
      symbol,
      side: 'long',
      action: 'open',
      type: 'market',
      shares: String(shares),
      leverage: LEVERAGE,
    });
  }
}

/** Opens the futures screen on BTC/USDT and waits for the five positions with their marks. */
export async function openFuturesTab(s: Session): Promise<Page> {
  const page = await s.open('/contract?symbol=btcusdt');
  await waitForFivePositions(page);
  return page;
}

/** Waits until the futures account on `page` lists the five positions. */
export async function waitForFivePositions(page: Page): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="futures-account"] [data-position-id]').length >= n,
    PAIRS.length,
    { timeout: 60_000 },
  );
}
