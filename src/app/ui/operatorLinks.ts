/**
 * OPC-8 on the shell: the entries that lead to the operator's links (customer service, the app downloads) are
 * shown only when the settings hold a real one. With none, the support button, its menu rows and the download
 * shortcuts are not there at all, instead of leading to "no service" or an empty page.
 */
import { useSnapshot } from 'valtio';
import { downloadLinks } from '../../shared/downloads';
import { settings } from '../state/settings';
import { serviceLinks } from './customerService';

/** Whether customer service has a link to open (re-renders when the settings change). */
export function useHasService(): boolean {
  return serviceLinks(useSnapshot(settings).config.SUPPORT_STAFF_SETTING).length > 0;
}

/** Whether the download page has a link to show. */
export function useHasDownloads(): boolean {
  return downloadLinks(useSnapshot(settings).config.DOWNLOAD_SETTING).length > 0;
}
