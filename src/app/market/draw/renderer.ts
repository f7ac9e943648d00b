/**
 * The renderer (PERF-31): executes a draw list on a 2D context, the same code on the main thread and in the
 * drawing worker. The backing store is the layout's size times the device pixel ratio, so text and bars are
 * crisp; digits are placed in equal advances (the widest digit's), so numbers line up in columns whatever the
 * font's own figures are (a canvas cannot ask for `tabular-nums`).
 */
import type { DrawLayout, DrawOp } from './drawList';

/** The part of CanvasRenderingContext2D the renderer uses (a recording fake in tests). */
export interface Ctx2D {
  canvas: { width: number; height: number };
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

const DIGITS = '0123456789';

/** Glyph advances of one font, measured once per character. */
class Advances {
  private widths = new Map<string, number>();
  readonly digit: number;
  /** The font's own digits are already of one width: a run can be drawn whole. */
  readonly uniform: boolean;
  constructor(private ctx: Ctx2D) {
    let d = 0;
    let min = Infinity;
    for (const ch of DIGITS) {
      const w = ctx.measureText(ch).width;
      d = Math.max(d, w);
      min = Math.min(min, w);
    }
    this.digit = d;
    this.uniform = d - min < 0.01;
  }
  of(ch: string): number {
    if (ch >= '0' && ch <= '9') return this.digit;
    let w = this.widths.get(ch);
    if (w === undefined) {
      w = this.ctx.measureText(ch).width;
      this.widths.set(ch, w);
    }
    return w;
  }
}

export class Renderer {
  private advances: Advances | null = null;
  private font = '';

  constructor(private ctx: Ctx2D) {}

  /** Sizes the backing store for the layout (a structural change); clears it. */
  resize(l: DrawLayout): void {
    const w = Math.max(1, Math.round(l.width * l.dpr));
    const h = Math.max(1, Math.round(l.height * l.dpr));
    if (this.ctx.canvas.width !== w) this.ctx.canvas.width = w;
    if (this.ctx.canvas.height !== h) this.ctx.canvas.height = h;
    // Setting a canvas's size resets its state: the font must be set again.
    this.font = '';
  }

  /** Clears the canvas and draws `ops` (CSS pixels) at the layout's device pixel ratio. */
  draw(ops: readonly DrawOp[], l: DrawLayout): void {
    const ctx = this.ctx;
    ctx.setTransform(l.dpr, 0, 0, l.dpr, 0, 0);
    ctx.clearRect(0, 0, l.width, l.height);
    if (this.font !== l.font) {
      ctx.font = l.font;
      this.font = l.font;
      this.advances = new Advances(ctx);
    }
    ctx.font = l.font;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    const adv = this.advances!;
    for (const op of ops) {
      ctx.fillStyle = op.color;
      if (op.k === 'rect') {
        ctx.fillRect(op.x, op.y, op.w, op.h);
      } else if (!op.tabular || adv.uniform) {
        ctx.textAlign = op.align;
        ctx.fillText(op.text, op.x, op.y);
        ctx.textAlign = 'left';
      } else {
        // Glyph by glyph from the anchor, each digit in the same advance.
        let x = op.x;
        if (op.align === 'right') for (const ch of op.text) x -= adv.of(ch);
        for (const ch of op.text) {
          ctx.fillText(ch, x, op.y);
          x += adv.of(ch);
        }
      }
    }
  }
}
