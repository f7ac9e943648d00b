/**
 * Set up before every unit test file (vite.config.ts). New password hashes at scrypt N = 2^10 instead of the
 * server's 2^15 (AUTH-1): the tests sign up, sign in and check trade passwords thousands of times, and at the
 * server's cost each hash takes tens of milliseconds of a core (seconds on a loaded machine). Checks read N from
 * the stored hash, so every path runs as in the server. The hashing's own tests and the hash lanes' load tests
 * (SAFE-8) put the server's cost back.
 */
import { setHashCostForTests } from '../identity/hashCost';

setHashCostForTests(1 << 10);
