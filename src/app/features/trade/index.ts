/** The trade screen's door: open futures positions (for the follower's records) and the server clock offset. */
export { useOpenPositions } from './futuresLists';
export { useServerOffset } from './panels/seconds/useSecondsLive';
