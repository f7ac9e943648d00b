import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import type { ProxyEarningPage, ProxyInfo } from '../../../shared/schemas/proxy';
import { loadNamespaces, setLanguage } from '../../i18n/index';
import { isPublicPath } from '../../session/paths';
import { PROXY_PATHS } from './paths';
import { CustomerList } from './screens/ProxyRecordsScreen';
import { EarningsView } from './screens/ProxyEarningsScreen';
import ProxyScreen, { ConfirmLinkBody, LinkPart, ProgrammeFigures, ratePercent } from './screens/ProxyScreen';
import ProxyRecordsScreen from './screens/ProxyRecordsScreen';
import ProxyEarningsScreen from './screens/ProxyEarningsScreen';
import { routedHtml, textOf } from '../../ui/testing/markup';

/** The one client, replaced: records every call (none may be a POST before the confirmation). */
const server = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('../../api/client', async (orig) => {
  const real = await orig<typeof import('../../api/client')>();
  return {
    ...real,
    call: vi.fn((endpoint: unknown) => {
      server.calls.push(endpoint);
      return new Promise(() => {});
    }),
  };
});

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['proxy']);
});

const html = (el: ReactElement) => routedHtml(el);
const text = textOf;

const INFO: ProxyInfo = {
  commissionRate: '0.1',
  isAgent: true,
  code: 'ABCD2345',
  linkedCode: null,
  customers: 2,
  customerPrincipal: '1500.5',
  earned: '0.55',
  totalOutput: '0.95',
  userBenefits: '9.5',
  participant: 2,
  validNode: 1,
  approveNumber: 3,
};

describe('the programme screen', () => {
  it('[PROXY-10] without a session the screen explains the programme and who pays, and offers a log-in', () => {
    expect(isPublicPath(PROXY_PATHS.proxy)).toBe(false); // GUARD-1: the guard sends signed-out visits to /lr
    const t = text(html(<ProxyScreen />));
    expect(t).toContain('How the agent programme works');
    expect(t).toContain('It is never taken from the customer');
    expect(t).toContain('Log in');
    expect(server.calls).toEqual([]);
  });

  it('[PROXY-10] the rate as a percentage', () => {
    expect(ratePercent('0.1')).toBe('10');
    expect(ratePercent('0.025')).toBe('2.5');
  });

  it('[PROXY-11] the confirmation says the link cannot be changed, names the code, and nothing is sent before it', () => {
    const t = text(
      html(<ConfirmLinkBody id="q" code=" abcd2345 " busy={false} onCancel={() => {}} onConfirm={() => {}} />),
    );
    expect(t).toContain('You are linking agent ABCD2345');
    expect(t).toContain('cannot be changed afterwards');
    expect(t).toContain('Cancel');
    expect(t).toContain('Link for good');
    const form = html(<LinkPart info={{ ...INFO, isAgent: false, code: null }} />);
    expect(form).toContain('data-testid="proxy-link-input"');
    expect(form).not.toContain('proxy-confirm-text');
    expect(server.calls).toEqual([]);
  });

  it('[PROXY-11] a linked user sees the code they invest through and that it is for good, not the form', () => {
    const t = text(html(<LinkPart info={{ ...INFO, linkedCode: 'ZXCV6789' }} />));
    expect(t).toContain('ZXCV6789');
    expect(t).toContain('A link cannot be changed or removed.');
    expect(t).not.toContain('Agent code Link');
  });

  it('[PROXY-12] the programme figures, right-aligned', () => {
    const h = html(<ProgrammeFigures info={INFO} />);
    expect(h).toMatch(/data-testid="proxy-total-output">0\.95/);
    expect(text(h)).toContain('Interest paid to linked customers 9.5 USDT');
    expect(text(h)).toContain('Customers linked 3');
    expect(h.match(/class="proxy-num"/g)).toHaveLength(5);
  });
});

describe('records and earnings', () => {
  it('[PROXY-14] loading first, from the screens’ own calls', () => {
    expect(html(<ProxyRecordsScreen />)).toContain('aria-busy="true"');
    expect(html(<ProxyEarningsScreen />)).toContain('aria-busy="true"');
  });

  it('[PROXY-13] customers: a table on desktop and cards on the phone, amounts aligned at the end', () => {
    const rows = [
      { name: 'de***@openex.local', linkedAt: Date.UTC(2026, 2, 1), principal: '1000', holdings: 1, commission: '0.4' },
    ];
    const desk = html(<CustomerList rows={rows} desktop />);
    expect(desk).toContain('data-testid="proxy-customers-table"');
    expect(text(desk)).toContain('de***@openex.local');
    expect(desk).toMatch(/<td class="proxy-num">1,000<\/td>/);
    const phone = html(<CustomerList rows={rows} desktop={false} />);
    expect(phone).toContain('data-testid="proxy-customers-cards"');
    expect(text(phone)).toContain('Commission (USDT) 0.4');
  });

  it('[PROXY-13] earnings: the total from the days, a bar per day and each payment with its interest', () => {
    const data: ProxyEarningPage = {
      total: 2,
      rows: [
        {
          id: 2,
          time: Date.UTC(2026, 2, 2, 1),
          day: Date.UTC(2026, 2, 2),
          customer: 'pr***@x.co',
          coin: 'USDT',
          interest: '3.5',
          commission: '0.35',
        },
        {
          id: 1,
          time: Date.UTC(2026, 2, 1, 1),
          day: Date.UTC(2026, 2, 1),
          customer: 'pr***@x.co',
          coin: 'USDT',
          interest: '2',
          commission: '0.2',
        },
      ],
      byDay: [
        { day: Date.UTC(2026, 2, 2), commission: '0.35' },
        { day: Date.UTC(2026, 2, 1), commission: '0.2' },
      ],
    };
    const h = html(<EarningsView data={data} />);
    expect(h).toMatch(/data-testid="proxy-earnings-total">0\.55/);
    expect(h.match(/<rect /g)).toHaveLength(2);
    expect(text(h)).toContain('+0.35 USDT of 3.5 USDT interest');
  });
});
