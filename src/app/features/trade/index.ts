/** The trade screen's door: the open futures positions (the follower's records show them). */
export { useOpenPositions } from './futuresLists';
