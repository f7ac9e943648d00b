/**
 * Entry (spec 4.3): start-up steps 1-3 (local defaults and cache, server refresh, language), then mount.
 * The page zooms as any page (PERF-15); spec 2.3's pinch block is the chart's own gesture now (SHELL-5, PERF-16,
 * features/trade/components/chart/panZoom.ts).
 */
import '../shared/schemas/zodSetup';
import { Profiler, startTransition, type ProfilerOnRenderCallback } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/global.css';
import './ui/ui.css';
import App from './App';
import { startUp } from './startup';
import { i18n } from './i18n';
import { installAccountToken } from './market/accountToken';
import { warmRoute } from './routes';
import { warmCoinIcons } from './ui/coinIcons';
import { marketClient } from './market/marketClient';
import { loadRuntimeConfig } from './api/runtimeConfig';

// PERF-95: index.html already shows the start-up spinner (the markup of App's Boot) inside #root, painted before
// this script runs; the root replaces it when the app mounts.
const root = createRoot(document.getElementById('root')!);
// The browser benchmark (bench/browser) counts React commits with the Profiler API: it defines
// window.__openexProfiler before the app loads and builds with react-dom/profiling. Absent in the product.
const onRender = (window as { __openexProfiler?: ProfilerOnRenderCallback }).__openexProfiler;
// PERF-52, PERF-54: the screen's chunks, its messages, the coin logos' manifest and the market worker (which every
// screen starts: the shell shows the connection's health) start beside the settings calls.
// DEPLOY-1: config.json (API base, socket URLs, brand) comes first for the worker and the settings calls; index.html
// preloads it, so it is usually there by the time this runs. The chunks and the coin logos do not wait for it.
const namespaces = warmRoute(location.pathname);
warmCoinIcons();
void loadRuntimeConfig()
  .then(() => {
    marketClient.start();
    return startUp({ namespaces });
  })
  .then(() => {
    installAccountToken();
    // PERF-95: the first render is a transition, so React renders it in slices of a few milliseconds that yield to
    // the browser in between, rather than in one long task.
    startTransition(() =>
      root.render(
        onRender ? (
          <Profiler id="app" onRender={onRender}>
            <App />
          </Profiler>
        ) : (
          <App />
        ),
      ),
    );
    // PERF-21, PERF-23, PERF-24: the service worker, the offline notice and the saved prices, off the first paint.
    void import('./state/offline').then((m) => m.startOffline(i18n));
  });
