import { LOGIN_PATH, REGISTER_PATH, SIGN_IN_PATH } from '../../ui/appPaths';

/** Every route path of the account area (spec 2.1, 2.4): sign-in, registration, security, identity checks. */
export const ACCOUNT_PATHS = {
  lr: SIGN_IN_PATH,
  login: LOGIN_PATH,
  register: REGISTER_PATH,
  forget: '/forget',
  setpwd: '/setpwd',
  fundPassword: '/fund-password',
  changePassword: '/changePassword',
  emailAuth: '/emailAuthentication',
  phoneAuth: '/phoneAuth',
  userAuth: '/userauth',
  primary: '/primary',
  advanced: '/advanced',
} as const;
