import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces, setLanguage } from '../../i18n/index';
import ProxyRecordsScreen from './screens/ProxyRecordsScreen';
import ProxyEarningsScreen from './screens/ProxyEarningsScreen';
import { screenText } from '../../ui/testing/markup';

/** The screens' data hooks, replaced by whatever state a test sets. */
const state = vi.hoisted(() => ({ current: { status: 'loading' } as Record<string, unknown> }));
vi.mock('./data', async (orig) => {
  const real = await orig<typeof import('./data')>();
  return {
    ...real,
    useProxyCustomers: () => ({ ...state.current, reload: () => {} }),
    useProxyEarnings: () => ({ ...state.current, reload: () => {} }),
  };
});

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['common', 'proxy']);
});

const text = screenText;

describe('[PROXY-14] the states of the records and the earnings', () => {
  it('empty: says what will appear and how', () => {
    state.current = { status: 'ok', data: { total: 0, rows: [], byDay: [] } };
    expect(text(<ProxyRecordsScreen />)).toContain('No customers yet. Share your code to invite one.');
    expect(text(<ProxyEarningsScreen />)).toContain(
      'No commission yet. It appears here when a customer is paid interest.',
    );
  });

  it('error: the reason and a retry', () => {
    state.current = { status: 'error', error: 'Network unreachable' };
    for (const el of [<ProxyRecordsScreen key="r" />, <ProxyEarningsScreen key="e" />]) {
      const t = text(el);
      expect(t).toContain('Network unreachable');
      expect(t).toContain('Could not load this');
      expect(t).toContain('Try again');
    }
  });
});
