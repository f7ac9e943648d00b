/**
 * Per-symbol memo of the last formatted price, so that the ticker, the candles' last close and the
 * trade list format a given price string once, not once each ("each changed value formatted once").
 */
import { decimalsOf, formatPrice } from './format';

export class PriceMemo {
  private raw = '';
  private text = '';

  format(raw: string): string {
    if (raw === this.raw) return this.text;
    if (raw === '') return '';
    this.raw = raw;
    this.text = formatPrice(raw);
    return this.text;
  }

  decimals(raw: string): number {
    return raw === '' ? 0 : decimalsOf(this.format(raw));
  }
}
