/** The trade screen's door: the open futures positions (the follower's records show them). */
export { useOpenPositions } from './futuresLists';
/** The trading modes the operator turned on (spec 2.4) and where a market row opens its trade screen. */
export { MODE_LIST, tradeHref, tradeModes, type TradeMode } from './playing';
