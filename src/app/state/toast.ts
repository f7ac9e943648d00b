/**
 * Toasts and the global loading flag (spec 2.3, 3.5, 9.3a). Any module may call these; the shell renders them.
 * (Initial contract; the shell work renders and styles it.)
 */
import { proxy } from 'valtio';
import { clock } from '../time/clock';

/** Spec 9.3a: default toast duration. */
export const TOAST_DURATION_MS = 2000;

export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'error' | 'success' | 'loading';
}

export const ui = proxy({ toasts: [] as Toast[], loading: false });

let nextId = 1;
export function toast(message: string, opts: { kind?: Toast['kind']; duration?: number } = {}): number {
  const id = nextId++;
  ui.toasts.push({ id, message, kind: opts.kind ?? 'info' });
  const duration = opts.duration ?? TOAST_DURATION_MS;
  if (duration > 0) clock.setTimeout(() => dismissToast(id), duration);
  return id;
}
export function dismissToast(id: number): void {
  const i = ui.toasts.findIndex((t) => t.id === id);
  if (i >= 0) ui.toasts.splice(i, 1);
}
/** The full-screen 'submittingOrder' overlay (spec 2.3). */
export function setLoading(on: boolean): void {
  ui.loading = on;
}
