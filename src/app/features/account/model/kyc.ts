/** One verification state for an account (LAYOUT-4): the senior level once it was asked for, else the primary. */
import type { KycState, UserInfo } from '../../../../shared/schemas/user';

export function kycSummary(kyc: UserInfo['kyc']): KycState {
  return kyc.senior !== 'none' ? kyc.senior : kyc.primary;
}
