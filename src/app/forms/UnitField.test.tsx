import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { UnitField, type UnitFieldProps } from './UnitField';

/** A price field of the flow look, with what a test changes. */
const fieldHtml = (props: Partial<UnitFieldProps>) =>
  renderToStaticMarkup(
    <UnitField look="fl" label="Price" value="" onValue={() => undefined} unit="EUR" testId="price" {...props} />,
  );

describe('[A11Y-16] the decimal field with a unit (copy trading and flow forms)', () => {
  it('its label names the input, its hint describes it, and the feature’s classes draw it', () => {
    const h = fieldHtml({
      look: 'cp',
      label: 'Amount',
      value: '12.5',
      unit: 'USDT',
      hint: '10 to 100',
      'aria-invalid': true,
    });
    const id = /<input id="([^"]+)"/.exec(h)?.[1];
    expect(id).toBeTruthy();
    expect(h).toContain(`<label for="${id}">Amount</label>`);
    expect(h).toContain(`aria-describedby="${id}-hint"`);
    expect(h).toContain(`<p id="${id}-hint" class="cp-hint">10 to 100</p>`);
    expect(h).toContain('inputMode="decimal"');
    expect(h).toContain('aria-invalid="true"');
    expect(h).toContain('value="12.5"');
    expect(h).toContain('<span class="cp-unit">USDT</span>');
    expect(h).toMatch(/^<div class="cp-field"><label[^>]*>Amount<\/label><div class="cp-input"><input /);
  });

  it('without a hint nothing describes the input; what the screen adds comes below', () => {
    const h = fieldHtml({ children: <p className="fl-conversion">≈ 0 USDT</p> });
    expect(h).not.toContain('aria-describedby');
    expect(h).not.toContain('fl-hint');
    expect(h).toMatch(/<span class="fl-unit">EUR<\/span><\/div><p class="fl-conversion">≈ 0 USDT<\/p><\/div>$/);
  });
});
