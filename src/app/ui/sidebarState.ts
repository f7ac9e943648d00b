/** Open state of the phone's app sidebar (a drawer). Any screen may open it, e.g. from a menu button in its TopBar. */
import { proxy } from 'valtio';

export const sidebarState = proxy({ open: false });

export function openAppSidebar(): void {
  sidebarState.open = true;
}

export function closeAppSidebar(): void {
  sidebarState.open = false;
}
