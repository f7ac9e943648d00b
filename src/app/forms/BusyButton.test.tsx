import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BusyButton } from './BusyButton';
import { SubmitButton } from './Field';

describe('[spec 2.3] the busy button of forms and dialogs (sign-out, redeem, subscribe, transfer)', () => {
  it('while its action runs it is disabled, marked aria-busy and shows the spinner before its text', () => {
    expect(
      renderToStaticMarkup(
        <BusyButton busy className="fbtn fbtn--danger" data-action="go" testId="go">
          Go
        </BusyButton>,
      ),
    ).toBe(
      '<button type="button" class="fbtn fbtn--danger" data-action="go" disabled="" aria-busy="true" data-testid="go">' +
        '<span class="fbtn__spinner" aria-hidden="true"></span>Go</button>',
    );
  });

  it('idle it is enabled unless the caller disables it; the submit button is the block primary one', () => {
    expect(
      renderToStaticMarkup(
        <BusyButton busy={false} className="fbtn">
          Go
        </BusyButton>,
      ),
    ).toBe('<button type="button" class="fbtn" aria-busy="false">Go</button>');
    expect(
      renderToStaticMarkup(
        <SubmitButton busy={false} disabled testId="send">
          Send
        </SubmitButton>,
      ),
    ).toBe(
      '<button type="submit" class="fbtn fbtn--primary fbtn--block" disabled="" aria-busy="false" data-testid="send">Send</button>',
    );
  });
});
