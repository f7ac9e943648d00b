/**
 * Customer service (spec 2.3, 3.6). `openCustomerService()` — or the document event
 * `customer-service` — opens the only link in a new window when exactly one exists, and the chooser
 * (ServiceChooser) when there are several. With none, a toast says so.
 * Links come from SUPPORT_STAFF_SETTING; an entry may also carry a url getter (3.6) for chat widgets.
 */
import { proxy } from 'valtio';
import { isRealLink } from '../../shared/links';
import { settings } from '../state/settings';
import { i18n } from '../i18n/index';
import { toast } from '../state/toast';
import { runtimeConfig } from '../api/runtimeConfig';

export interface ServiceLink {
  name: string;
  url: string;
  imgUrl?: string;
  getUrl?: () => string;
}

export const CUSTOMER_SERVICE_EVENT = 'customer-service';

export const serviceState = proxy({ chooserOpen: false });

/** Extra links registered at run time (e.g. a chat widget with a url getter). */
const extra: ServiceLink[] = [];

/** The links to offer: the settings' entries (or `entries`, e.g. a snapshot of them) and the run-time ones. */
export function serviceLinks(
  entries: readonly { name: string; url: string; imgUrl?: string }[] = settings.config.SUPPORT_STAFF_SETTING,
): ServiceLink[] {
  const fromSettings: ServiceLink[] = entries.map((s) => ({
    name: s.name,
    url: s.url,
    imgUrl: s.imgUrl,
  }));
  // OPC-8: an entry without a real address (empty, a placeholder such as *.example) is hidden.
  const links = [...fromSettings, ...extra].filter((l) => (l.getUrl ? true : isRealLink(l.url)));
  // DEPLOY-2: config.json's support page when the platform names none.
  const support = runtimeConfig().supportUrl;
  return links.length === 0 && support ? [{ name: 'support', url: support }] : links;
}

export function resolveUrl(l: ServiceLink): string {
  return l.getUrl ? l.getUrl() : l.url;
}

export function openCustomerService(
  open: (url: string) => void = (u) => window.open(u, '_blank', 'noopener,noreferrer'),
): void {
  const links = serviceLinks();
  if (links.length === 1) open(resolveUrl(links[0]));
  else if (links.length > 1) serviceState.chooserOpen = true;
  else toast(i18n.t('ui.noService', { ns: 'common' }));
}

if (typeof document !== 'undefined') {
  document.addEventListener(CUSTOMER_SERVICE_EVENT, () => openCustomerService());
}
