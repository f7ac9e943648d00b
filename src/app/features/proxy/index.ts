/** Proxy investing's door: the pager and the programme's styles, which the invitation screen shares. */
export { Pager } from './components/Pager';
import './components/proxy.css';
