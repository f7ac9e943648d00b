import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness';
import { runSettingsCli } from './settingsCli';

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('[DB-1][DB-4][VIP-2][REB-2] data kept across restarts; settings changed by the operator tool', () => {
  it('a setting changed with the CLI shows at once, survives a restart, and the seed does not overwrite it', async () => {
    const first = await startTestServer({ dataDir });
    const before = await first.get('/api/common/getAllSetting');
    expect(before.body.data.LOGIN_REGIS_SETTING.inviteCodeRequired).toBe(false);

    const out: string[] = [];
    expect(
      await runSettingsCli(['merge', 'LOGIN_REGIS_SETTING', '{"inviteCodeRequired":true}'], dataDir, (s) =>
        out.push(s),
      ),
    ).toBe(0);
    expect(out).toEqual(['LOGIN_REGIS_SETTING updated']);
    expect((await first.get('/api/common/getAllSetting')).body.data.LOGIN_REGIS_SETTING.inviteCodeRequired).toBe(true);
    await first.stop(true);
    // Clean close: the WAL was checkpointed into the main file.
    const wal = join(dataDir, 'exchange.db-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);

    const second = await startTestServer({ dataDir });
    try {
      const after = await second.get('/api/common/getAllSetting');
      expect(after.body.data.LOGIN_REGIS_SETTING.inviteCodeRequired).toBe(true);
      expect(after.body.data.LOGIN_REGIS_SETTING.credits).toBe(80);
      const coins = await second.get('/api/common/getCoinList');
      expect(coins.body.data.currencyList).toHaveLength(50); // not seeded twice
    } finally {
      await second.stop(true);
    }
  });

  it('the CLI refuses an invalid value, naming the field, and writes nothing', async () => {
    const out: string[] = [];
    expect(
      await runSettingsCli(['merge', 'WITHDRAWAL_SETTING', '{"withdrawalMax":100}'], dataDir, (s) => out.push(s)),
    ).toBe(1);
    expect(out[0]).toContain('WITHDRAWAL_SETTING.withdrawalMax');
    const got: string[] = [];
    await runSettingsCli(['get', 'WITHDRAWAL_SETTING'], dataDir, (s) => got.push(s));
    expect(JSON.parse(got[0]).withdrawalMax).toBe('100000');
    expect(await runSettingsCli(['set', 'NO_SUCH_KEY', '{}'], dataDir, () => {})).toBe(2);
    expect(await runSettingsCli(['set', 'timeZone', 'not json'], dataDir, () => {})).toBe(1);
    // VIP-2 and REB-2: rules across fields, refused by name, nothing written.
    const vip: string[] = [];
    expect(
      await runSettingsCli(['merge', 'VIP_LEVEL_SETTING', '{"isOpen":true,"vip7Start":"40000"}'], dataDir, (s) =>
        vip.push(s),
      ),
    ).toBe(1);
    expect(vip[0]).toBe("Invalid VIP table: VIP 7 starts at 40000, not above VIP 6's end (50000)");
    const rebate: string[] = [];
    expect(
      await runSettingsCli(['merge', 'FINANCIAL_REBATE_SETTING', '{"oneRatio":"60","twoRatio":"50"}'], dataDir, (s) =>
        rebate.push(s),
      ),
    ).toBe(1);
    expect(rebate[0]).toBe(
      'Invalid FINANCIAL_REBATE_SETTING: The three ratios together must be at most 100 % of the fee',
    );
    const stored: string[] = [];
    await runSettingsCli(['get', 'VIP_LEVEL_SETTING'], dataDir, (s) => stored.push(s));
    expect(JSON.parse(stored[0]).isOpen).toBe(false);
    expect(await runSettingsCli(['merge', 'VIP_LEVEL_SETTING', '{"isOpen":true}'], dataDir, () => {})).toBe(0);
  });
});
