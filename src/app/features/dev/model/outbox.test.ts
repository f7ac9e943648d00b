import { describe, expect, it } from 'vitest';
import { applyConfig, settings } from '../../../state/settings';
import { hasDevOutbox, purposeKey } from './outbox';

describe('development outbox model', () => {
  it('[DEV-1] the outbox exists only when the settings reply says so', () => {
    const before = settings.config;
    try {
      applyConfig({ ...before }, 'server', false);
      expect(hasDevOutbox()).toBe(false);
      applyConfig({ ...before, devOutbox: true }, 'server', false);
      expect(hasDevOutbox()).toBe(true);
    } finally {
      applyConfig(before, 'defaults', false);
    }
  });

  it('[DEV-1] every purpose of the API has a label key; an unknown one shows as it came', () => {
    expect(purposeKey('register')).toBe('dev.purpose.register');
    expect(purposeKey('backPwd')).toBe('dev.purpose.backPwd');
    expect(purposeKey('somethingNew')).toBeNull();
  });
});
