/**
 * `npm run core:verify` (CORE-5): replays the trading core's journal in DATA_DIR (default ./data) and prints the
 * state hash it reaches. Each kept snapshot's checksum is checked; when two are kept, the older one plus the
 * journal between them must reach the newer one's state exactly. Exits 0 when everything agrees, 1 when not,
 * 2 without a database or a snapshot. Safe while the server runs (it reads one consistent WAL snapshot), but
 * it builds the market with the same configuration as the server (the same environment), or it says so.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerConfig } from '../context';
import { loadConfig } from '../config';
import { DB_FILE, closeCliDatabase, openDatabase } from '../db/open';
import { marketSymbolsFromDb } from '../market/symbols';
import { createSimulator, type SimulatorState } from '../market/simulator';
import { Metrics } from '../metrics';
import { checksum, replay, stateHash, type CoreEngine } from './replay';
import { coreStore } from './store';

export async function runCoreVerify(config: ServerConfig, now: number, out: (s: string) => void): Promise<number> {
  const dataDir = config.dataDir;
  if (!existsSync(join(dataDir, DB_FILE))) {
    out(`no database in ${resolve(dataDir)} (set DATA_DIR)`);
    return 2;
  }
  const db = await openDatabase(dataDir);
  try {
    const store = coreStore(db);
    const { snapshots, journal } = db.transaction(() => {
      const snapshots = store.snapshots();
      const oldest = snapshots.length > 0 ? snapshots[snapshots.length - 1].seq : 0;
      return { snapshots, journal: store.since(oldest) };
    })();
    if (snapshots.length === 0) {
      out('no snapshot: the server has not started on this database with the trading core');
      return 2;
    }
    const engine = (): CoreEngine => {
      const sim = createSimulator(config, marketSymbolsFromDb(db), new Metrics(), { now, noHistory: true });
      return { ...sim, step: (now) => sim.step(now), resume: (now) => sim.resume(now) };
    };
    let problems = 0;
    for (const s of snapshots) {
      const ok = checksum(s.state) === s.hash;
      out(`snapshot at entry ${s.seq}: checksum ${ok ? 'ok' : 'FAILED'}`);
      if (!ok) problems++;
    }
    const fresh = engine();
    if (snapshots[0].fingerprint !== fresh.fingerprint) {
      out('FAILED: the snapshots were taken with another market configuration (seed, symbols, rates) than this one');
      return 1;
    }
    // The older snapshot plus the journal up to the newer one reaches the newer one.
    if (snapshots.length > 1) {
      const [newer, older] = snapshots;
      const e = engine();
      e.load(JSON.parse(older.state) as SimulatorState);
      replay(
        e,
        journal.filter((j) => j.seq > older.seq && j.seq <= newer.seq),
      );
      const got = stateHash(e.save());
      const want = stateHash(JSON.parse(newer.state) as SimulatorState);
      const same = got === want;
      out(
        `snapshot ${older.seq} + entries ${older.seq + 1}..${newer.seq} reach snapshot ${newer.seq}: ${same ? 'yes' : 'NO'}`,
      );
      if (!same) problems++;
    }
    const newest = snapshots[0];
    fresh.load(JSON.parse(newest.state) as SimulatorState);
    const after = journal.filter((j) => j.seq > newest.seq);
    replay(fresh, after);
    out(`replayed ${after.length} entries after snapshot ${newest.seq}`);
    out(`state hash: ${stateHash(fresh.save())}`);
    if (problems === 0) return 0;
    out(`FAILED: ${problems} problem${problems === 1 ? '' : 's'}`);
    return 1;
  } finally {
    closeCliDatabase(db);
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  runCoreVerify(loadConfig(), Date.now(), (s) => process.stdout.write(s + '\n')).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(String(err?.stack ?? err) + '\n');
      process.exit(1);
    },
  );
}
