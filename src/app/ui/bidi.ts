/**
 * The direction of an operator's text (OPC-6), for the `dir` attribute that also isolates it from the screen's
 * direction. A text with any right-to-left letter (Arabic, Hebrew, Syriac, Thaana, N'Ko) reads right to left,
 * even when it starts with a Latin ticker ("USDT مرن"), which `dir="auto"` (first strong letter) would get wrong;
 * any other text with a letter reads left to right, so an English notice keeps its full stop at its end in the
 * Arabic app. Without letters (a number, a symbol) the screen's direction holds.
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const LTR = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

export function textDir(text: string): 'rtl' | 'ltr' | undefined {
  if (RTL.test(text)) return 'rtl';
  if (LTR.test(text)) return 'ltr';
  return undefined;
}

/** `text` wrapped in the Unicode isolate of its direction, for a string that cannot carry an attribute. */
export function isolate(text: string): string {
  const d = textDir(text);
  return `${d === 'rtl' ? '\u2067' : d === 'ltr' ? '\u2066' : '\u2068'}${text}\u2069`;
}
