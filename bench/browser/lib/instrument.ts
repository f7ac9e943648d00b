/**
 * Page-side counters for the browser benchmark, injected before any app code runs.
 * - commits: React Profiler onRender callbacks (the app wraps its root in <Profiler> when
 *   window.__openexProfiler exists; the bench build uses react-dom/profiling).
 * - tick-to-paint: the data layers call window.__benchProbe.delivered(serverTs) when they hand data
 *   to React; at the next commit we note the newest delivered stamp and record, in a task that runs
 *   after the frame that paints it, (page clock now) - serverTs. One host, one clock.
 * - frames (rAF count), long tasks (PerformanceObserver 'longtask').
 * react-dom/profiling also logs every component render to DevTools' performance tracks through
 * console.timeStamp, which costs more than the renders themselves; without console.timeStamp it skips
 * that logging (and only that), so the figures are those of the product build plus the Profiler.
 */
export const instrumentScript = `(() => {
  try { console.timeStamp = undefined; } catch {}
  const S = (window.__bench = { commits: 0, frames: 0, longTasks: 0, longTaskMs: 0, t2p: [], pendingTs: 0, paintedTs: 0, inFrame: false });
  const raf = window.requestAnimationFrame.bind(window);
  const after = new MessageChannel();
  const afterQueue = [];
  after.port1.onmessage = () => { const q = afterQueue.splice(0); for (const f of q) f(); };
  const afterPaint = (f) => { afterQueue.push(f); after.port2.postMessage(0); };
  // A frame lasts from its rAF callbacks until the task after paint: commits in microtasks of a
  // rAF callback still paint in this frame.
  const frame = () => { S.frames++; S.inFrame = true; afterPaint(() => { S.inFrame = false; }); raf(frame); };
  raf(frame);
  window.__benchProbe = { delivered(ts) { if (typeof ts === 'number' && ts > S.pendingTs) S.pendingTs = ts; } };
  window.__openexProfiler = () => {
    S.commits++;
    const ts = S.pendingTs;
    if (!ts || ts === S.paintedTs) return;
    S.paintedTs = ts;
    const record = () => { if (S.t2p.length < 200000) S.t2p.push(performance.timeOrigin + performance.now() - ts); };
    if (S.inFrame) afterPaint(record); else raf(() => afterPaint(record));
  };
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) { S.longTasks++; S.longTaskMs += e.duration; } })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;
