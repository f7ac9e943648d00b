/** Proxy investing's door: the pager, which the invitation screen shares (its styles are ui/programme.css). */
export { Pager } from './components/Pager';
