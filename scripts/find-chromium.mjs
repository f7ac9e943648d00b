// Finds a Chromium for the browser tests: env CHROMIUM_PATH, Playwright's own browser, or /usr/bin/chromium.
// Where none exists and we run as root on Debian, installs Debian's `chromium` package.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';

function playwrightChromium() {
  const roots = [process.env.PLAYWRIGHT_BROWSERS_PATH, join(homedir(), '.cache', 'ms-playwright')].filter(Boolean);
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const dir of readdirSync(root)
      .filter((d) => d.startsWith('chromium'))
      .sort()
      .reverse()) {
      for (const rel of [
        'chrome-linux/chrome',
        'chrome-linux64/chrome',
        'chrome-headless-shell-linux64/chrome-headless-shell',
      ]) {
        const p = join(root, dir, rel);
        if (existsSync(p)) return p;
      }
    }
  }
  return undefined;
}

export function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
  }
  const candidates = [playwrightChromium(), '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (install && isRoot && isDebian) {
    console.log('[test] no Chromium found: installing Debian package "chromium" ...');
    execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium', { stdio: 'inherit' });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium found for the browser tests. Install one and run again:\n' +
      '  - Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  - or set CHROMIUM_PATH=/path/to/chrome\n' +
      '  - or run: npx playwright install chromium',
  );
}
