/** The account's door: the account hub of "My", which the phone's wallet screen shows below the assets. */
export { AccountHub } from './components/AccountHub';
