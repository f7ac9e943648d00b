import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadNamespaces, setLanguage } from '../../../../i18n/index';
import { CopyBadge } from './futuresCells';

const follows = vi.hoisted(() => ({ names: new Map<number, string>() }));
vi.mock('../../../copy/data', () => ({ useFollowNickname: (id: number) => follows.names.get(id) }));

beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['futures']);
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
});
