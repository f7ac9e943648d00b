import { describe, expect, it } from 'vitest';
import { markFigures } from '../../../../../shared/trading/futuresRules';
import { formatDecimal, formatFixed } from '../../../../i18n/format';
import {
  positionFigureTexts,
  writePositionRow,
  type FigureTexts,
  type RowCells,
  type TextCell,
} from './positionFigures';
import { TEST_CONTRACT_PAIR, testPosition } from './testContractPair';

const core = { side: 'long' as const, shares: '50', entryPrice: '100.0000', margin: '5.000000' };
const at = (price: string) => {
  const p = testPosition({ ...core, mark: { price, time: 2, ...markFigures(TEST_CONTRACT_PAIR, core, price) } });
  return { ...p, mark: p.mark! };
};
const f = {
  num: (v: string | null | undefined) => (v == null ? '--' : formatDecimal(v, 'en')),
  money: (v: string | null | undefined) => formatFixed(v, 2, {}, 'en'),
};

/** A text node that counts its writes. */
function text(value: string): TextCell & { writes: number } {
  let v: string | null = value;
  const cell = {
    writes: 0,
    get nodeValue() {
      return v;
    },
    set nodeValue(next: string | null) {
      cell.writes++;
      v = next;
    },
  };
  return cell;
}

function cellsShowing(x: FigureTexts, desktop: boolean) {
  const attrs = new Map([
    ['data-mark', x.dataMark],
    ['data-pnl', x.dataPnl],
  ]);
  let attrWrites = 0;
  const cells = {
    row: {
      getAttribute: (n: string) => attrs.get(n) ?? null,
      setAttribute: (n: string, v: string) => {
        attrWrites++;
        attrs.set(n, v);
      },
    },
    mark: text(x.mark),
    ratio: text(x.ratio),
    pnlCell: { className: `${desktop ? '' : 'fa-cardpnl '}num${x.pnlSign}` },
    pnl: text(desktop ? x.pnl : `${x.pnl}${x.pnlSub}`),
    pnlSub: desktop ? text(x.pnlSub) : null,
    desktop,
  } satisfies RowCells;
  return { cells, attrs, attrWrites: () => attrWrites };
}

describe('[PERF-83] the positions writer', () => {
  it('[PERF-83] writes a changed mark, PnL, return, ratio, sign and data-* into the cells, on the table and the cards', () => {
    for (const desktop of [true, false]) {
      const before = positionFigureTexts(at('102.47'), f, 'en');
      const after = positionFigureTexts(at('97.10'), f, 'en');
      const { cells, attrs } = cellsShowing(before, desktop);
      writePositionRow(cells, after);
      expect(cells.mark.nodeValue).toBe('97.10');
      expect(attrs.get('data-mark')).toBe('97.10');
      expect(attrs.get('data-pnl')).toBe(after.dataPnl);
      expect(after.dataPnl.startsWith('-')).toBe(true);
      expect(cells.ratio.nodeValue).toBe(after.ratio);
      expect(cells.ratio.nodeValue).not.toBe(before.ratio);
      expect(cells.pnlCell.className).toBe(desktop ? 'num fo-down' : 'fa-cardpnl num fo-down');
      if (desktop) {
        expect(cells.pnl.nodeValue).toBe('-1.45');
        expect(cells.pnlSub?.nodeValue).toBe(after.pnlSub);
      } else expect(cells.pnl.nodeValue).toBe(`-1.45${after.pnlSub}`);
    }
  });

  it('[PERF-83] writes nothing where the text is already shown', () => {
    for (const desktop of [true, false]) {
      const x = positionFigureTexts(at('102.47'), f, 'en');
      const { cells, attrWrites } = cellsShowing(x, desktop);
      writePositionRow(cells, x);
      const writes = [cells.mark, cells.ratio, cells.pnl, cells.pnlSub].map((c) => c?.writes ?? 0);
      expect(writes).toEqual([0, 0, 0, 0]);
      expect(attrWrites()).toBe(0);
    }
  });
});
