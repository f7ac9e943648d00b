/** NOTE-3: the new-user notice waits in storage for the next home screen, which shows it once. */
import { StorageKeys } from '../../../../shared/storageKeys';
import { writeString } from '../../../state/storage';

/** Called after registration when LOGIN_REGIS_SETTING newUserNotice has a text. */
export function queueNewUserNotice(text: string): void {
  if (text.trim()) writeString(StorageKeys.newUserNotice, text.trim());
}
