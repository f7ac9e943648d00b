import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

// An uploads folder left world-readable by an older version (0755, files 0644) before the server starts.
const dataDir = mkdtempSync(join(tmpdir(), 'exchange-upload-modes-'));
const root = join(dataDir, 'uploads');
let h: TestServer;
beforeAll(async () => {
  mkdirSync(join(root, '7'), { recursive: true });
  writeFileSync(join(root, '7', 'old.png'), 'x');
  chmodSync(root, 0o755);
  chmodSync(join(root, '7'), 0o755);
  chmodSync(join(root, '7', 'old.png'), 0o644);
  h = await startTestServer({ dataDir, clock: 'manual' });
});
afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mode = (p: string) => statSync(p).mode & 0o777;

describe('[SAFE-30] uploads folder modes at start', () => {
  it('[SAFE-30] an existing uploads folder, its user folders and their files become 0700 / 0600 when the server starts', () => {
    expect(mode(root)).toBe(0o700);
    expect(mode(join(root, '7'))).toBe(0o700);
    expect(mode(join(root, '7', 'old.png'))).toBe(0o600);
  });
});
