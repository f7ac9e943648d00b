/**
 * The crosshair's OHLC readout above the chart (the live candle when the cursor is off it). It updates
 * outside React, every frame at flood rate, so it does only what changed: a value formats and writes its
 * text node only when the number (or the format) changed, the up/down class only when the direction did.
 */
import { memo } from 'react';
import { formatDecimal } from '../../../../i18n/format';
import { priceLabel, readoutTime, volumeLabel } from './chartFormat';

const FIELDS = ['time', 'o', 'h', 'l', 'c', 'v'] as const;
type Field = (typeof FIELDS)[number];

export interface ReadoutFormat {
  decimals: number;
  lang: string;
  offset: number;
}

type Cols = readonly ArrayLike<number>[];

export class Readout {
  private readonly spans: Record<Field, HTMLSpanElement | null> = {
    time: null,
    o: null,
    h: null,
    l: null,
    c: null,
    v: null,
  };
  private readonly texts: Record<Field, Text | null> = { time: null, o: null, h: null, l: null, c: null, v: null };
  private readonly shown = new Float64Array(FIELDS.length).fill(NaN);
  private fmt = '';
  private up: boolean | null = null;

  /** Stable ref callbacks, one per field. */
  readonly bind = Object.fromEntries(
    FIELDS.map((f) => [f, (el: HTMLSpanElement | null) => this.attach(f, el)]),
  ) as Record<Field, (el: HTMLSpanElement | null) => void>;

  private attach(f: Field, el: HTMLSpanElement | null): void {
    this.spans[f] = el;
    this.texts[f] = null;
    if (el) {
      el.textContent = '';
      this.texts[f] = el.appendChild(document.createTextNode(''));
    }
    this.shown.fill(NaN);
    this.up = null;
  }

  /** Shows candle `idx` of [time, open, high, low, close, volume]. */
  show(d: Cols, idx: number, f: ReadoutFormat): void {
    const fmt = `${f.decimals}|${f.lang}|${f.offset}`;
    if (fmt !== this.fmt) {
      this.fmt = fmt;
      this.shown.fill(NaN);
    }
    const up = d[4][idx] >= d[1][idx];
    if (up !== this.up) {
      this.up = up;
      const cls = up ? 'kc-v is-up' : 'kc-v is-down';
      for (const k of ['o', 'h', 'l', 'c'] as const) if (this.spans[k]) this.spans[k]!.className = cls;
    }
    for (let i = 0; i < FIELDS.length; i++) {
      const v = d[i][idx];
      const node = this.texts[FIELDS[i]];
      if (!node || v === this.shown[i]) continue;
      this.shown[i] = v;
      node.data =
        i === 0
          ? readoutTime(v, f.offset, f.lang)
          : i === 5
            ? volumeLabel(v, f.lang)
            : formatDecimal(priceLabel(v, f.decimals), f.lang);
    }
  }
}

interface BarProps {
  r: Readout;
  labels: { o: string; h: string; l: string; c: string; v: string };
}

/** The readout's markup; memoized so the chart's per-frame render does not touch it. */
export const ReadoutBar = memo(function ReadoutBar({ r, labels }: BarProps) {
  return (
    <div className="kc-readout" aria-hidden="true">
      <span className="kc-time" dir="auto" ref={r.bind.time} />
      <span className="kc-k">{labels.o}</span>
      <span className="kc-v" ref={r.bind.o} />
      <span className="kc-k">{labels.h}</span>
      <span className="kc-v" ref={r.bind.h} />
      <span className="kc-k">{labels.l}</span>
      <span className="kc-v" ref={r.bind.l} />
      <span className="kc-k">{labels.c}</span>
      <span className="kc-v" ref={r.bind.c} />
      <span className="kc-k">{labels.v}</span>
      <span className="kc-v" ref={r.bind.v} />
    </div>
  );
});
