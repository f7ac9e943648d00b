/**
 * A schema built the first time it is used, not when its module is evaluated (PERF-98): `lazySchema(() => z.object(...))`
 * is zod's `z.lazy` of that schema, so it parses, refuses and infers exactly as the schema does, and zod builds the
 * schema once, on its first parse (or when a schema that contains it first needs it) and keeps it. Loading the app's
 * entry script built every schema of the modules it imports, most of them never used on the first screen.
 *
 * A schema registered by identity (strict.ts's builders, in `strictInputs`) is left as it is: the registry knows the
 * built schema.
 */
import './zodSetup';
import { z } from 'zod';

let built = 0;

export function lazySchema<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(() => {
    built++;
    return build();
  });
}

/** How many lazy schemas this module graph has built (tests: importing a module builds none). */
export function lazySchemasBuilt(): number {
  return built;
}
