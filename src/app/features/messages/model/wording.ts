/**
 * How a message reads (MSG-3, MSGUI-4): the server stores a kind and facts; the app words them in the reader's
 * language with the `inbox` namespace's keys per kind, amounts formatted for the language (exact decimals, never
 * through floats), pairs as BASE/QUOTE and the closed words (side, direction, task, state) translated too.
 * Announcements show the operator's own title and body.
 */
import type { Message } from '../../../../shared/schemas/inbox';

/** The i18next `t` of the `inbox` namespace (what this needs of it). */
export type Translate = (key: string, opts?: Record<string, unknown>) => string;
/** Formats an exact decimal string for the reader's language. */
export type FormatNumber = (v: string) => string;

export interface MessageWords {
  title: string;
  body: string;
  /** Further lines (a rejection's reason, the reader's role in a flow order). */
  extra: string[];
}

const QUOTES = ['usdt', 'usdc', 'btc', 'eth'];

/** "btcusdt" -> "BTC/USDT"; a code without a known quote stays as it is, upper-cased. */
export function pairLabel(symbol: string | undefined): string {
  if (!symbol) return '—';
  const s = symbol.toLowerCase();
  const q = QUOTES.find((x) => s.endsWith(x) && s.length > x.length);
  return q ? `${s.slice(0, -q.length).toUpperCase()}/${q.toUpperCase()}` : s.toUpperCase();
}

/** A translated closed word, or the raw value when the key is unknown (a newer server). */
function word(t: Translate, group: string, value: string | undefined): string {
  if (!value) return '—';
  const key = `${group}.${value}`;
  const out = t(key, { defaultValue: '' });
  return out && out !== key ? out : value;
}

export function messageWords(
  m: Pick<Message, 'kind' | 'params' | 'title' | 'body'>,
  t: Translate,
  num: FormatNumber,
): MessageWords {
  const p = m.params;
  const n = (k: string) => (p[k] !== undefined && p[k] !== '' ? num(p[k]) : '—');
  const pair = pairLabel(p.symbol);
  const extra: string[] = [];
  switch (m.kind) {
    case 'announcement':
      return { title: m.title, body: m.body, extra };
    case 'depositCredited':
      return {
        title: t('kind.depositCredited.title'),
        body: t('kind.depositCredited.body', {
          amount: n('amount'),
          coin: p.coin ?? '',
          network: p.network ?? p.coin ?? '',
        }),
        extra,
      };
    case 'withdrawalDone':
      return {
        title: t('kind.withdrawalDone.title'),
        body: t('kind.withdrawalDone.body', { amount: n('amount'), coin: p.coin ?? '' }),
        extra,
      };
    case 'withdrawalRejected':
      if (p.reason) extra.push(t('kind.withdrawalRejected.reason', { reason: p.reason }));
      return {
        title: t('kind.withdrawalRejected.title'),
        body: t('kind.withdrawalRejected.body', { amount: n('amount'), coin: p.coin ?? '' }),
        extra,
      };
    case 'orderFilled': {
      const title = t(p.status === 'partial' ? 'kind.orderFilled.titlePartial' : 'kind.orderFilled.title');
      const vars = { pair, filled: n('filled'), amount: n('amount'), price: n('price') };
      if (p.market === 'futures')
        return {
          title,
          body: t(p.action === 'close' ? 'kind.orderFilled.futuresClose' : 'kind.orderFilled.futuresOpen', {
            ...vars,
            side: word(t, 'side', p.side),
          }),
          extra,
        };
      return { title, body: t('kind.orderFilled.spot', { ...vars, side: word(t, 'side', p.side) }), extra };
    }
    case 'contractSettled': {
      const vars = {
        pair,
        closePrice: n('closePrice'),
        payout: n('payout'),
        coin: p.coin ?? 'USDT',
        amount: n('amount'),
        strike: n('strike'),
        direction: word(t, 'direction', p.direction),
        option: word(t, 'option', p.option),
      };
      if (p.product === 'option')
        return {
          title: t('kind.contractSettled.optionTitle'),
          body: t(p.result === 'win' ? 'kind.contractSettled.optionWin' : 'kind.contractSettled.optionLose', vars),
          extra,
        };
      const result = p.result === 'win' ? 'secondWin' : p.result === 'draw' ? 'secondDraw' : 'secondLose';
      return { title: t('kind.contractSettled.title'), body: t(`kind.contractSettled.${result}`, vars), extra };
    }
    case 'positionLiquidated':
      return {
        title: t('kind.positionLiquidated.title'),
        body: t('kind.positionLiquidated.body', {
          pair,
          side: word(t, 'side', p.side),
          shares: n('shares'),
          leverage: p.leverage ?? '—',
          closePrice: n('closePrice'),
          margin: n('margin'),
        }),
        extra,
      };
    case 'rewardPaid':
      return {
        title: t('kind.rewardPaid.title'),
        body: t('kind.rewardPaid.body', { amount: n('amount'), coin: p.coin ?? '', task: word(t, 'task', p.task) }),
        extra,
      };
    case 'flowOrder': {
      const state = ['unpaid', 'paid', 'completed', 'cancelled', 'expired'].includes(p.status) ? p.status : 'other';
      if (p.role === 'buyer' || p.role === 'seller') extra.push(t(`kind.flowOrder.role.${p.role}`));
      return {
        title: t('kind.flowOrder.title', { orderId: p.orderId ?? '', state: word(t, 'flowState', p.status) }),
        body: t(`kind.flowOrder.${state}`, {
          orderId: p.orderId ?? '',
          amount: n('amount'),
          fiat: p.fiat ?? '',
          fiatAmount: n('fiatAmount'),
        }),
        extra,
      };
    }
  }
}

/** The facts shown under a message (MSGUI-3): label and value pairs, amounts formatted; none for announcements. */
export function messageFacts(
  m: Pick<Message, 'kind' | 'params'>,
  t: Translate,
  num: FormatNumber,
): { label: string; value: string }[] {
  const p = m.params;
  const out: { label: string; value: string }[] = [];
  const cap = (v: string) => v.charAt(0).toLocaleUpperCase() + v.slice(1);
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined && value !== '') out.push({ label: t(`fact.${label}`), value });
  };
  const amount = (k: string, coin?: string) =>
    p[k] !== undefined && p[k] !== '' ? `${num(p[k])}${coin ? ` ${coin}` : ''}` : undefined;
  switch (m.kind) {
    case 'depositCredited':
    case 'withdrawalDone':
    case 'withdrawalRejected':
      add('amount', amount('amount', p.coin));
      add('fee', amount('fee', p.coin));
      add('network', p.network);
      break;
    case 'orderFilled':
      add('pair', pairLabel(p.symbol));
      add('side', p.side ? cap(word(t, 'side', p.side)) : undefined);
      add('filled', amount('filled'));
      add('price', amount('price'));
      add('total', amount('total', pairLabel(p.symbol).split('/')[1]));
      break;
    case 'contractSettled':
      add('pair', pairLabel(p.symbol));
      add('strike', amount('strike'));
      add('closePrice', amount('closePrice'));
      add('payout', amount('payout', p.coin ?? 'USDT'));
      break;
    case 'positionLiquidated':
      add('pair', pairLabel(p.symbol));
      add('side', p.side ? cap(word(t, 'side', p.side)) : undefined);
      add('leverage', p.leverage ? `${p.leverage}x` : undefined);
      add('closePrice', amount('closePrice'));
      add('margin', amount('margin', 'USDT'));
      break;
    case 'rewardPaid':
      add('amount', amount('amount', p.coin));
      break;
    case 'flowOrder':
      add('order', p.orderId);
      add('amount', amount('amount', 'USDT'));
      add('fiatAmount', amount('fiatAmount', p.fiat));
      break;
    case 'announcement':
      break;
  }
  return out;
}
