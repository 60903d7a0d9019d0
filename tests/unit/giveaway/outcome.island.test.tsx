// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import GiveawayOutcome from '../../../src/components/islands/GiveawayOutcome/GiveawayOutcome.tsx';
import {
  ENTRY_FALLBACK_ERROR,
  ENTRY_SUCCESS_MESSAGE,
  saveOutcome,
} from '../../../src/lib/giveaway/entry-submission.ts';
import type { ConfirmationProps } from '../../../src/lib/giveaway/island-props.ts';

const PROPS: ConfirmationProps = {
  seoSlug: 'uw-husky-mobile',
  neutralTitle: 'Husky Mobile Giveaway',
  success: {
    thanksHeader: 'Thanks for entering!',
    enteredHeader: "You're entered to win.",
    learnMore: 'While you wait for the draw, see why.',
  },
  error: {
    dupSubmitError: 'Already entered.',
    phoneEmailError: 'Check your phone and email.',
    retry: { text: 'Back to the entry form', href: '/uw-husky-mobile/giveaway-entry/event-1' },
  },
};

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('giveaway confirmation island', () => {
  it('reached directly: the neutral heading only', () => {
    render(<GiveawayOutcome {...PROPS} />);
    expect(heading()).toBe('Husky Mobile Giveaway');
    for (const text of ['Thanks for entering!', 'Already entered.', ENTRY_SUCCESS_MESSAGE])
      expect(screen.queryByText(text)).toBeNull();
  });

  it('reached directly with the current giveaway passed in: shows it, thanks nobody', () => {
    render(
      <GiveawayOutcome {...PROPS}>
        <h1>Win sideline access</h1>
        <a href="/uw-husky-mobile/giveaway-entry/x">Enter to Win</a>
      </GiveawayOutcome>,
    );
    expect(heading()).toBe('Win sideline access');
    expect(screen.getByRole('link', { name: 'Enter to Win' })).toBeTruthy();
    for (const text of [
      'Thanks for entering!',
      "You're entered to win.",
      'While you wait for the draw, see why.',
    ])
      expect(screen.queryByText(text)).toBeNull();
  });

  it('an outcome replaces the current giveaway passed in', () => {
    saveOutcome(sessionStorage, PROPS.seoSlug, {
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
    render(
      <GiveawayOutcome {...PROPS}>
        <h1>Win sideline access</h1>
      </GiveawayOutcome>,
    );
    expect(heading()).toBe('Thanks for entering!');
    expect(screen.getByText('While you wait for the draw, see why.')).toBeTruthy();
    expect(screen.queryByText('Win sideline access')).toBeNull();
  });

  it('success: thanks and entered headers and the success message, once', () => {
    saveOutcome(sessionStorage, PROPS.seoSlug, {
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
    render(<GiveawayOutcome {...PROPS} />);
    expect(heading()).toBe('Thanks for entering!');
    expect(screen.getByText("You're entered to win.")).toBeTruthy();
    expect(screen.getByText(ENTRY_SUCCESS_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('Already entered.')).toBeNull();

    cleanup();
    render(<GiveawayOutcome {...PROPS} />);
    expect(heading()).toBe('Husky Mobile Giveaway');
  });

  it('error: the message and both content error texts', () => {
    saveOutcome(sessionStorage, PROPS.seoSlug, { status: 'error', message: ENTRY_FALLBACK_ERROR });
    render(<GiveawayOutcome {...PROPS} />);
    expect(heading()).toBe(ENTRY_FALLBACK_ERROR);
    expect(screen.getByText('Already entered.')).toBeTruthy();
    expect(screen.getByText('Check your phone and email.')).toBeTruthy();
    expect(screen.queryByText('Thanks for entering!')).toBeNull();
  });

  it('error: a link back to the entry form, after the error texts', () => {
    saveOutcome(sessionStorage, PROPS.seoSlug, { status: 'error', message: ENTRY_FALLBACK_ERROR });
    render(<GiveawayOutcome {...PROPS} />);
    const back = screen.getByRole('link', { name: 'Back to the entry form' });
    expect(back.getAttribute('href')).toBe('/uw-husky-mobile/giveaway-entry/event-1');
    const errorText = screen.getByText('Check your phone and email.');
    expect(errorText.compareDocumentPosition(back) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('no way back is offered after a success or when reached directly', () => {
    render(<GiveawayOutcome {...PROPS} />);
    expect(screen.queryByRole('link', { name: 'Back to the entry form' })).toBeNull();
    cleanup();
    saveOutcome(sessionStorage, PROPS.seoSlug, {
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
    render(<GiveawayOutcome {...PROPS} />);
    expect(screen.queryByRole('link', { name: 'Back to the entry form' })).toBeNull();
  });

  it("another school's outcome is not shown", () => {
    saveOutcome(sessionStorage, 'uk-kentucky-mobile', {
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
    render(<GiveawayOutcome {...PROPS} />);
    expect(heading()).toBe('Husky Mobile Giveaway');
  });
});
