/** For the identity tests: how many passwords were hashed while something ran (SAFE-8, SAFE-10). */
import type { PasswordHasher } from './passwords';

/** How many times `acc`'s password hasher ran during `fn` (the hasher is restored after, whatever happens). */
export async function hashesDuring(acc: { hasher: PasswordHasher }, fn: () => Promise<void>): Promise<number> {
  let hashed = 0;
  const original = acc.hasher.hash.bind(acc.hasher);
  acc.hasher.hash = (p, before) => {
    hashed++;
    return original(p, before);
  };
  try {
    await fn();
  } finally {
    acc.hasher.hash = original;
  }
  return hashed;
}
