/**
 * The markets screen's list tabs (spec 3.4 lists, named and ordered by PLAYING_SETTING where the names map:
 * SecondContract → coinList, BBTrading → currencyList, Ustandard → contractList, Option → optionList).
 * Lists not in the playing settings follow in the 3.4 order; empty lists are left out.
 */
import { COIN_LISTS, type CoinListKey, type CoinLists } from '../../../market/coins';
import { MODE_LIST, tradeModes, type TradeMode } from '../../../market/playing';

export interface ListTab {
  list: CoinListKey;
  /** i18n key (market). */
  label: string;
}

const LIST_LABEL: Record<CoinListKey, string> = {
  coinList: 'listSecond',
  currencyList: 'listSpot',
  contractList: 'listFutures',
  optionList: 'listOptions',
};

export function listTabs(
  playing: readonly { name?: unknown; isOpen?: unknown; sort?: unknown }[] | undefined,
  lists: CoinLists,
): ListTab[] {
  const modes = tradeModes(playing).filter((m): m is Exclude<TradeMode, 'Optional'> => m !== 'Optional');
  const order: CoinListKey[] = modes.map((m) => MODE_LIST[m]);
  const configured = (playing ?? []).length > 0;
  if (!configured) for (const l of COIN_LISTS) if (!order.includes(l)) order.push(l);
  const tabs = order.filter((l) => (lists[l]?.length ?? 0) > 0).map((list) => ({ list, label: LIST_LABEL[list] }));
  return tabs.length
    ? tabs
    : COIN_LISTS.filter((l) => (lists[l]?.length ?? 0) > 0).map((list) => ({ list, label: LIST_LABEL[list] }));
}
