import { describe, expect, it } from 'vitest';
import { freshDb } from '../ledger/testDb';
import type { JournalEntry } from './entries';
import { coreStore } from './store';

const resume = (now: number): JournalEntry => ({ t: 'resume', now });

describe('[PERF-88] a batch writes its journal entries in one statement', () => {
  it('[PERF-88] [CORE-4] in their order, one seq each, across the statement size, and after a prune', async () => {
    const db = await freshDb();
    const store = coreStore(db);
    expect(store.append([resume(1), resume(2), resume(3)], 100)).toBe(3);
    // 64 entries a statement: 130 entries are three statements; the seqs still run on, in order.
    const many = Array.from({ length: 130 }, (_, i) => resume(10 + i));
    expect(store.append(many, 200)).toBe(133);
    expect(store.append([], 300)).toBe(0);
    const all = store.since(0);
    expect(all.map((r) => r.seq)).toEqual(Array.from({ length: 133 }, (_, i) => i + 1));
    expect(all.map((r) => r.entry)).toEqual([resume(1), resume(2), resume(3), ...many]);
    expect(store.since(131).map((r) => r.entry)).toEqual(many.slice(-2));
    expect(db.prepare('SELECT DISTINCT at FROM core_journal ORDER BY at').pluck().all()).toEqual([100, 200]);
    // After the journal before the older of two snapshots is pruned, new entries continue after the newest seq.
    store.saveSnapshot({ seq: 100, at: 300, fingerprint: 'f', state: '{}', hash: 'h' });
    store.saveSnapshot({ seq: 133, at: 300, fingerprint: 'f', state: '{}', hash: 'h' });
    store.prune(2);
    expect(store.since(0).map((r) => r.seq)).toEqual(Array.from({ length: 33 }, (_, i) => i + 101));
    expect(store.append([resume(500), resume(501)], 400)).toBe(135);
    expect(store.since(133).map((r) => r.entry)).toEqual([resume(500), resume(501)]);
    expect(store.lastSeq()).toBe(135);
    db.close();
  });
});
