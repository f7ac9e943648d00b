import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Position } from '../../../../../shared/schemas/futures';
import type { UserInfo } from '../../../../../shared/schemas/user';
import { session } from '../../../../state/session';
import { FuturesAccount } from './FuturesAccount';
import { CopyBadge } from './futuresCells';
import { futuresScreenSetUp, signOut, testPosition } from './testContractPair';

const follows = vi.hoisted(() => ({ names: new Map<number, string>() }));
vi.mock('../../../../data/follows', () => ({ useFollowNickname: (id: number) => follows.names.get(id) }));

const base = testPosition({ fees: '0.05' });
const positions = vi.hoisted(() => ({ rows: [] as Position[] }));
vi.mock('../../../../market/hooks', () => ({
  useMark: () => undefined,
  usePositions: () => ({ version: 1, positions: positions.rows, eventCount: 0, lastEvent: null, authorized: true }),
  usePositionStructure: () => ({
    version: 1,
    positions: positions.rows,
    eventCount: 0,
    lastEvent: null,
    authorized: true,
  }),
  usePositionsWriter: () => undefined,
  useLiveAccount: () => undefined,
}));

beforeAll(futuresScreenSetUp);
afterEach(() => {
  signOut();
  follows.names.clear();
});

describe('[FOLUI-7] the copy badge of a copied position', () => {
  it('shows for copyOf, with the trader’s nickname when the follows list has it, and not for one’s own', () => {
    expect(renderToStaticMarkup(<CopyBadge copyOf={null} />)).toBe('');
    expect(renderToStaticMarkup(<CopyBadge />)).toBe('');
    const plain = renderToStaticMarkup(<CopyBadge copyOf={9} />);
    expect(plain).toContain('data-testid="copy-badge"');
    expect(plain).toContain('>Copy</span>');
    follows.names.set(9, 'Alpha Bot');
    expect(renderToStaticMarkup(<CopyBadge copyOf={9} />)).toContain('>Copy · Alpha Bot</span>');
  });

  it('the positions table and cards carry it on the copied position only', () => {
    Object.assign(session, { token: 't', isSign: true, userInfo: { uid: 'u1' } as UserInfo });
    follows.names.set(4, 'Atlas');
    positions.rows = [base, { ...base, id: 10, copyOf: 4 }];
    for (const desktop of [true, false]) {
      const html = renderToStaticMarkup(
        <MemoryRouter>
          <FuturesAccount symbol="btcusdt" desktop={desktop} />
        </MemoryRouter>,
      );
      expect(html.match(/data-testid="copy-badge"/g)).toHaveLength(1);
      const own = html.slice(html.indexOf('data-position-id="9"'), html.indexOf('data-position-id="10"'));
      expect(own).not.toContain('copy-badge');
      expect(html.slice(html.indexOf('data-position-id="10"'))).toContain('Copy · Atlas');
    }
  });
});
