/**
 * The open positions' live figures written into their cells without React (PERF-83): each row's mark, margin
 * ratio and PnL with its return, its PnL's sign colour and its `data-mark` / `data-pnl`, each only where the text
 * changed. React renders the list when the positions' structure changes (PERF-84); the texts are the ones the
 * list renders (`positionFigureTexts`), so a render and a write show the same thing.
 */
import type { Position } from '../../../../../shared/schemas/futures';
import { percentOf, signCls } from './futuresCells';

interface Format {
  num: (v: string | null | undefined) => string;
  money: (v: string | null | undefined) => string;
}

type Marked = Position & { mark: NonNullable<Position['mark']> };

/** A position's live texts as the list renders them (a position with its mark). */
export interface FigureTexts {
  mark: string;
  ratio: string;
  pnl: string;
  /** The PnL's return, ` (12.34%)`. */
  pnlSub: string;
  /** The PnL's sign class (` fo-up`, ` fo-down` or none). */
  pnlSign: string;
  dataMark: string;
  dataPnl: string;
}

export function positionFigureTexts(p: Marked, f: Format, lang: string): FigureTexts {
  return {
    mark: f.num(p.mark.price),
    ratio: percentOf(p.mark.marginRatio, lang),
    pnl: f.money(p.mark.unrealisedPnl),
    pnlSub: ` (${percentOf(p.mark.returnRate, lang)})`,
    pnlSign: signCls(p.mark.unrealisedPnl),
    dataMark: p.mark.price,
    dataPnl: p.mark.unrealisedPnl,
  };
}

/** The part of a text node the writer touches (a fake in tests). */
export interface TextCell {
  nodeValue: string | null;
}
/** The part of an element the writer touches. */
export interface ClassCell {
  className: string;
}
export interface AttrCell {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

/** The live cells of one row: the desktop's PnL has its return in its own text, the phone's card in one. */
export interface RowCells {
  row: AttrCell;
  mark: TextCell | null;
  ratio: TextCell | null;
  pnlCell: ClassCell | null;
  pnl: TextCell | null;
  pnlSub: TextCell | null;
  desktop: boolean;
}

function put(cell: TextCell | null, text: string): void {
  if (cell && cell.nodeValue !== text) cell.nodeValue = text;
}

function attr(el: AttrCell, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Writes one row's live texts, each only where it differs from what the row shows. */
export function writePositionRow(cells: RowCells, x: FigureTexts): void {
  attr(cells.row, 'data-mark', x.dataMark);
  attr(cells.row, 'data-pnl', x.dataPnl);
  put(cells.mark, x.mark);
  put(cells.ratio, x.ratio);
  if (cells.desktop) {
    put(cells.pnl, x.pnl);
    put(cells.pnlSub, x.pnlSub);
  } else put(cells.pnl, `${x.pnl}${x.pnlSub}`);
  const cls = `${cells.desktop ? '' : 'fa-cardpnl '}num${x.pnlSign}`;
  if (cells.pnlCell && cells.pnlCell.className !== cls) cells.pnlCell.className = cls;
}

function textOf(el: Element | null | undefined): Text | null {
  const node = el?.firstChild;
  return node && node.nodeType === Node.TEXT_NODE ? (node as Text) : null;
}

/** The live cells of a row the list rendered, found by their test ids. */
export function rowCells(row: HTMLElement, desktop: boolean): RowCells {
  const pnlCell = row.querySelector<HTMLElement>('[data-testid="position-pnl"]');
  return {
    row,
    mark: textOf(row.querySelector('[data-testid="position-mark"]')),
    ratio: textOf(row.querySelector('[data-testid="position-ratio"]')),
    pnlCell,
    pnl: textOf(pnlCell),
    pnlSub: textOf(pnlCell?.querySelector('.fa-sub')),
    desktop,
  };
}

/**
 * Writes the live figures of every rendered row whose live position has a mark; a row the live view does not
 * have, or has without a mark, keeps what React rendered (the REST list's figures, or the pair's mark).
 */
export function writePositions(
  root: HTMLElement | null,
  live: readonly Position[],
  f: Format,
  lang: string,
  desktop: boolean,
): void {
  if (!root || live.length === 0) return;
  const byId = new Map(live.map((p) => [String(p.id), p]));
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-position-id]'))) {
    const p = byId.get(el.getAttribute('data-position-id') ?? '');
    if (p?.mark) writePositionRow(rowCells(el, desktop), positionFigureTexts({ ...p, mark: p.mark }, f, lang));
  }
}
