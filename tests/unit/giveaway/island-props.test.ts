import { describe, expect, it } from 'vitest';
import type { TenantDocuments } from '../../../src/lib/content/schemas.ts';
import { SENDING_TEXT } from '../../../src/lib/giveaway/entry-submission.ts';
import {
  STATE_PLACEHOLDER,
  confirmationProps,
  entryFormProps,
} from '../../../src/lib/giveaway/island-props.ts';

const image = {
  _type: 'image' as const,
  _sanityAsset: 'image@file://./images/x-10x10.svg',
  alt: 'x',
};

function formDoc(
  overrides: Partial<TenantDocuments['giveawayForm']> = {},
): TenantDocuments['giveawayForm'] {
  return {
    _id: 'huskymobile-giveawayForm',
    _type: 'giveawayForm',
    school: { _type: 'reference', _ref: 'school-huskymobile' },
    guid: 'g',
    winHeader: 'Win',
    enterByText: 'Enter by',
    premiumGiveawayHeader: 'Prizes',
    giveawayIcons: [{ icon: image, iconCaption: 'Tickets' }],
    formTitle: 'Enter',
    nameRequiredError: 'Name please.',
    validEmailError: 'Email please.',
    stateRequiredError: 'State please.',
    phoneRequiredError: 'Phone please.',
    agreeToTermsError: 'Agree please.',
    termsContent: [
      {
        leadingText: 'I agree to the ',
        termsText: 'Official Rules',
        termsUrl: 'https://rules.example/husky',
        trailingText: '.',
      },
    ],
    enterButtonText: 'Enter Now',
    finePrintBold: 'No purchase.',
    finePrint: 'Rules apply.',
    image,
    ...overrides,
  };
}

const input = {
  eventGUID: 'event-1',
  apiBase: 'http://127.0.0.1:8787',
  seoSlug: 'uw-husky-mobile',
  titleId: 'title',
};

describe('entryFormProps', () => {
  it('takes every error text and the button text from the content', () => {
    const props = entryFormProps({ doc: formDoc(), ...input });
    expect(props.errors).toEqual({
      name: 'Name please.',
      email: 'Email please.',
      state: 'State please.',
      phone: 'Phone please.',
      agree: 'Agree please.',
    });
    expect(props.submitText).toBe('Enter Now');
    expect(props.sendingText).toBe(SENDING_TEXT);
    expect(props.statePlaceholder).toBe(STATE_PLACEHOLDER);
    expect(props).toMatchObject(input);
  });

  it('resolves the terms link through the safe-link rules', () => {
    expect(entryFormProps({ doc: formDoc(), ...input }).terms).toEqual({
      leadingText: 'I agree to the',
      linkText: 'Official Rules',
      href: 'https://rules.example/husky',
      external: true,
      trailingText: '.',
    });
    const internal = formDoc({
      termsContent: [{ termsText: 'Rules', termsUrl: 'giveaway-rules' }],
    });
    expect(entryFormProps({ doc: internal, ...input }).terms).toMatchObject({
      href: '/uw-husky-mobile/giveaway-rules',
      external: false,
      leadingText: '',
    });
  });

  it('drops an unsafe terms link but keeps its text', () => {
    const unsafe = formDoc({
      termsContent: [{ termsText: 'Rules', termsUrl: 'javascript:alert(1)' }],
    });
    const { terms } = entryFormProps({ doc: unsafe, ...input });
    expect(terms.href).toBeUndefined();
    expect(terms.linkText).toBe('Rules');
  });

  it('is small and serialisable: no document, no image, no icons', () => {
    const props = entryFormProps({ doc: formDoc(), ...input });
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    const text = JSON.stringify(props);
    for (const absent of ['_sanityAsset', 'Tickets', 'Rules apply.', 'huskymobile-giveawayForm'])
      expect(text).not.toContain(absent);
  });
});

describe('confirmationProps', () => {
  it('carries the status texts (learn-more only for a success) and a neutral title', () => {
    const doc: TenantDocuments['giveawayConfirmation'] = {
      _id: 'c',
      _type: 'giveawayConfirmation',
      school: { _type: 'reference', _ref: 'school-huskymobile' },
      thanksHeader: 'Thanks!',
      enteredHeader: 'Entered.',
      dupSubmitError: 'Dup.',
      phoneEmailError: 'Check.',
      learnMore: 'Learn more.',
      whyButtonText: 'Why?',
    };
    expect(
      confirmationProps(doc, 'uw-husky-mobile', 'Husky Mobile', {
        open: true,
        route: '/uw-husky-mobile/giveaway-entry/g',
      }),
    ).toEqual({
      seoSlug: 'uw-husky-mobile',
      neutralTitle: 'Husky Mobile Giveaway',
      success: { thanksHeader: 'Thanks!', enteredHeader: 'Entered.', learnMore: 'Learn more.' },
      error: {
        dupSubmitError: 'Dup.',
        phoneEmailError: 'Check.',
        retry: { text: 'Back to the entry form', href: '/uw-husky-mobile/giveaway-entry/g' },
      },
    });
  });

  it('points the way back at the closed page when the giveaway is closed', () => {
    const doc: TenantDocuments['giveawayConfirmation'] = {
      _id: 'c',
      _type: 'giveawayConfirmation',
      school: { _type: 'reference', _ref: 'school-huskymobile' },
      thanksHeader: 'Thanks!',
      enteredHeader: 'Entered.',
      dupSubmitError: 'Dup.',
      phoneEmailError: 'Check.',
      learnMore: 'Learn more.',
      whyButtonText: 'Why?',
    };
    expect(
      confirmationProps(doc, 'uw-husky-mobile', 'Husky Mobile', {
        open: false,
        route: '/uw-husky-mobile/giveaway-closed',
      }).error.retry,
    ).toEqual({ text: 'Back to the giveaway', href: '/uw-husky-mobile/giveaway-closed' });
  });
});
