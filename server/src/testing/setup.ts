/**
 * Set up before every unit test file (vite.config.ts). New password hashes at scrypt N = 2^10 instead of the
 * server's 2^15 (AUTH-1): the tests sign up, sign in and check trade passwords thousands of times, and at the
 * server's cost each hash takes tens of milliseconds of a core (seconds on a loaded machine). Checks read N from
 * the stored hash, so every path runs as in the server. The hashing's own tests and the hash lanes' load tests
 * (SAFE-8) put the server's cost back.
 */
import { vi } from 'vitest';
import { setHashCostForTests } from '../identity/hashCost';

setHashCostForTests(1 << 10);

/**
 * PERF-77: beside the browser files (UNIT_BESIDE=1, at a lower CPU priority) a test may wait for the CPU for
 * seconds while the browser files take both cores: `vi.waitFor`'s limit (1 s unless a test gives one) is ten times
 * longer there. A condition that holds still ends the wait as soon as it holds; only a failing test waits longer.
 */
const PATIENT = Symbol.for('openex.patientWaitFor');
// Once per module graph: a shared graph (PERF-55, PERF-75) runs this file again for each test file.
if (process.env.UNIT_BESIDE === '1' && !(PATIENT in vi.waitFor)) {
  const waitFor = vi.waitFor.bind(vi);
  const patient: typeof vi.waitFor = (callback, options) => {
    const given = typeof options === 'number' ? { timeout: options } : { ...options };
    return waitFor(callback, { ...given, timeout: (given.timeout ?? 1000) * 10 });
  };
  Object.assign(vi, { waitFor: Object.assign(patient, { [PATIENT]: true }) });
}
