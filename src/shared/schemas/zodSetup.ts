/**
 * In a browser, zod must not probe `new Function` (its JIT): the app's CSP forbids eval, and the probe, though
 * caught, is reported as a Content-Security-Policy violation. `jitless` skips the probe and the JIT (which the
 * CSP would block anyway); Node (server, unit tests) keeps the JIT.
 * zod probes when the first object schema is *built*, so this module must be evaluated before any module that
 * builds schemas: import it first (`import '../shared/schemas/zodSetup';`) in entry points and in
 * src/shared/protocol.ts. It imports nothing but zod.
 */
import { z } from 'zod';

const g = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
if (g.document !== undefined || g.WorkerGlobalScope !== undefined) z.config({ jitless: true });
