import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { AlertText } from './AlertText';
import { ChoiceGroup } from './ChoiceGroup';
import { ColumnHeads } from './ColumnHeads';

const noop = () => {};

describe('[spec 2.3] shared pieces of the features: choice rows, column heads, error lines', () => {
  it('a radio row marks the chosen option with aria-checked, inside a labelled radiogroup', () => {
    const h = renderToStaticMarkup(
      <ChoiceGroup
        kind="radio"
        className="seg"
        label="Side"
        options={['buy', 'sell']}
        isOn={(s) => s === 'sell'}
        onPick={noop}
        buttonClass={(s, on) => `seg__btn${on ? ' on' : ''}`}
        testId={(s) => `side-${s}`}
      >
        {(s) => s.toUpperCase()}
      </ChoiceGroup>,
    );
    expect(h).toBe(
      '<div class="seg" role="radiogroup" aria-label="Side">' +
        '<button type="button" role="radio" aria-checked="false" class="seg__btn" data-testid="side-buy">BUY</button>' +
        '<button type="button" role="radio" aria-checked="true" class="seg__btn on" data-testid="side-sell">SELL</button>' +
        '</div>',
    );
  });

  it('a tab row uses aria-selected and the extra attributes; a toggle row aria-pressed and no role', () => {
    const tabs = renderToStaticMarkup(
      <ChoiceGroup
        kind="tab"
        className="tabs"
        options={['a']}
        isOn={() => true}
        onPick={noop}
        buttonClass="tab"
        buttonProps={(k) => ({ id: `tab-${k}`, 'aria-controls': 'panel' })}
      >
        {(k) => k}
      </ChoiceGroup>,
    );
    expect(tabs).toBe(
      '<div class="tabs" role="tablist"><button type="button" role="tab" aria-selected="true" class="tab" id="tab-a" aria-controls="panel">a</button></div>',
    );
    const toggles = renderToStaticMarkup(
      <ChoiceGroup
        kind="toggle"
        className="chips"
        label="Level"
        options={[1]}
        isOn={() => false}
        onPick={noop}
        buttonClass="chip"
      >
        {(l) => l}
      </ChoiceGroup>,
    );
    expect(toggles).toBe(
      '<div class="chips" role="group" aria-label="Level"><button type="button" aria-pressed="false" class="chip">1</button></div>',
    );
  });

  it('column heads are scope="col" headers with the class given for their place, none for an empty one', () => {
    expect(renderToStaticMarkup(<ColumnHeads cols={['Coin', 'Amount']} classes={['', 'num']} />)).toBe(
      '<thead><tr><th scope="col">Coin</th><th scope="col" class="num">Amount</th></tr></thead>',
    );
  });

  it('an error line is a role="alert" paragraph while there is an error, and nothing without one', () => {
    expect(renderToStaticMarkup(<AlertText text="Too much" className="err" testId="e" />)).toBe(
      '<p class="err" role="alert" data-testid="e">Too much</p>',
    );
    expect(renderToStaticMarkup(<AlertText text="" className="err" testId="e" />)).toBe('');
  });
});
