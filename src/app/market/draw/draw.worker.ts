/**
 * The drawing worker (PERF-31): one per tab, holding the tab's transferred canvases (OffscreenCanvas) and
 * drawing each as its messages arrive. The tab forwards what the market worker sent it, at most once a frame
 * per canvas and in one message per task (PERF-65), so the pixels of the book and the tape cost the main thread
 * one postMessage a frame.
 */
import { Painters } from './painter';
import type { DrawMessage } from './scene';

const painters = new Painters();
const scope = self as unknown as { onmessage: ((e: MessageEvent<DrawMessage>) => void) | null };

scope.onmessage = (e) => painters.take(e.data);
