/**
 * An in-memory `Storage` for app tests in the node environment (`vi.stubGlobal('localStorage', memoryStorage())`).
 * Kept across a simulated reload (`vi.resetModules()` drops only the modules' state), as the browser keeps it.
 */
export function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}
