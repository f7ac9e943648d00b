/**
 * An in-memory database with every migration applied, for the ledger's tests: made once, then copied for each
 * test (serialize / deserialize), so a thousand property runs each start from a fresh database cheaply.
 */
import Database from 'better-sqlite3';
import { migrate } from '../db/migrate';

let template: Buffer | undefined;

export async function freshDb(users = 3): Promise<Database.Database> {
  if (!template) {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    await migrate(db);
    const ins = db.prepare(
      "INSERT INTO users (uid, register_type, email, nickname, invite_code, create_time) VALUES (?, 'email', ?, ?, ?, 0)",
    );
    for (let i = 1; i <= 5; i++) ins.run(String(i), `u${i}@t.co`, `u${i}`, `INV${i}`);
    template = db.serialize();
    db.close();
  }
  const db = new Database(template);
  db.pragma('foreign_keys = ON');
  if (users < 5) db.prepare('DELETE FROM users WHERE id > ?').run(users);
  return db;
}
