/** The account area's routes (spec 2.1, 2.4): sign-in, registration, security, identity checks. Namespace `account`. */
import type { RouteDef } from '../routeDef';
import { ACCOUNT_PATHS } from './paths';

const ns = ['account'] as const;

export const ACCOUNT_ROUTES: readonly RouteDef[] = [
  { path: ACCOUNT_PATHS.lr, load: () => import('./screens/LrScreen'), ns, public: true },
  { path: ACCOUNT_PATHS.login, load: () => import('./screens/LoginScreen'), ns, public: true },
  { path: ACCOUNT_PATHS.register, load: () => import('./screens/RegisterScreen'), ns, public: true },
  { path: ACCOUNT_PATHS.forget, load: () => import('./screens/ForgetScreen'), ns, public: true },
  { path: ACCOUNT_PATHS.setpwd, load: () => import('./screens/SetPwdScreen'), ns },
  { path: ACCOUNT_PATHS.fundPassword, load: () => import('./screens/FundPasswordScreen'), ns },
  { path: ACCOUNT_PATHS.changePassword, load: () => import('./screens/ChangePasswordScreen'), ns },
  { path: ACCOUNT_PATHS.emailAuth, load: () => import('./screens/EmailAuthScreen'), ns },
  { path: ACCOUNT_PATHS.phoneAuth, load: () => import('./screens/PhoneAuthScreen'), ns },
  { path: ACCOUNT_PATHS.userAuth, load: () => import('./screens/UserAuthScreen'), ns },
  // 2.4 — identity verification
  { path: ACCOUNT_PATHS.primary, load: () => import('./screens/PrimaryScreen'), ns },
  { path: ACCOUNT_PATHS.advanced, load: () => import('./screens/AdvancedScreen'), ns },
];
