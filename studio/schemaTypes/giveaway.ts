/** The giveaway pages: entry form, confirmation, closed; and the giveaway banner of the plan pages (parts of it also on the confirmation page). */
import { defineType } from 'sanity';
import {
  image,
  item,
  link,
  list,
  optionalText,
  ownedListsField,
  SCHOOL_NAME,
  schoolField,
  text,
} from './fields.ts';

export const giveawayForm = defineType({
  name: 'giveawayForm',
  title: 'Giveaway entry',
  type: 'document',
  fieldsets: [
    {
      name: 'errors',
      title: 'Error messages',
      description: 'Shown beside a field the entrant must fix.',
      options: { collapsible: true, collapsed: true },
    },
  ],
  fields: [
    schoolField,
    ownedListsField,
    text(
      'guid',
      'Giveaway id',
      'The giveaway this form enters (the event id in the product API). The page is /{school}/giveaway-entry/{id}.',
    ),
    text('winHeader', 'Heading', "The entry page's main heading."),
    text('enterByText', 'Closing date line', 'e.g. "Enter by March 1".'),
    text('premiumGiveawayHeader', 'Prizes heading', 'Above the prizes.'),
    list('giveawayIcons', 'Prizes', 'Each prize: an icon and its caption.', [
      item(
        'giveawayIcon',
        'Prize',
        [
          image('icon', 'Icon', "The prize's icon (its caption says what it is).", {
            alt: 'decorative',
          }),
          text('iconCaption', 'Caption', 'The prize.'),
        ],
        { title: 'iconCaption', media: 'icon' },
      ),
    ]),
    text('formTitle', 'Form heading', 'Above the form.'),
    text('nameRequiredError', 'Name missing', 'When the name is empty.', { fieldset: 'errors' }),
    text('validEmailError', 'Email invalid', 'When the email address is not valid.', {
      fieldset: 'errors',
    }),
    text('stateRequiredError', 'State missing', 'When no state is chosen.', { fieldset: 'errors' }),
    text('phoneRequiredError', 'Phone missing', 'When the phone number is empty or invalid.', {
      fieldset: 'errors',
    }),
    text('agreeToTermsError', 'Terms not accepted', 'When the terms box is not ticked.', {
      fieldset: 'errors',
    }),
    list(
      'termsContent',
      'Terms sentence',
      'The sentence beside the terms box, with its links.',
      [
        item(
          'termsPart',
          'Part',
          [
            optionalText('leadingText', 'Text before', 'Before the link.'),
            link('termsUrl', 'Link', 'The terms document.', { required: true }),
            text('termsText', 'Link text', "The link's text."),
            optionalText('trailingText', 'Text after', 'After the link.'),
          ],
          { title: 'termsText', subtitle: 'termsUrl' },
        ),
      ],
      { min: 1 },
    ),
    text('enterButtonText', 'Enter button', "The form's submit button."),
    text('finePrintBold', 'Fine print (bold)', 'The bold start of the fine print.'),
    text('finePrint', 'Fine print', 'Under the form.', { rows: 4 }),
    image('image', 'Picture', 'Beside the form.', { alt: 'required' }),
  ],
  preview: { select: { title: 'winHeader', subtitle: SCHOOL_NAME, media: 'image' } },
});

export const giveawayConfirmation = defineType({
  name: 'giveawayConfirmation',
  title: 'Giveaway confirmation',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('thanksHeader', 'Thank-you heading', 'After a successful entry.'),
    text('enteredHeader', 'Entered line', 'Under the thank-you heading.'),
    text(
      'dupSubmitError',
      'Already entered',
      'When the entrant has already entered this giveaway.',
    ),
    text('phoneEmailError', 'Entry refused', 'When the entry could not be saved.'),
    text('learnMore', 'Learn more line', 'Before the button to the why page.'),
    text('whyButtonText', 'Why button', 'The button to the why page.'),
  ],
  preview: { select: { title: 'thanksHeader', subtitle: SCHOOL_NAME } },
});

export const giveawayClosed = defineType({
  name: 'giveawayClosed',
  title: 'Giveaway closed',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('endedHeader', 'Heading', 'When the giveaway has ended.'),
    text('sorrySubheader', 'Subheading', 'Under the heading.'),
    text('checkText', 'Text', 'Where to look for the next giveaway.', { rows: 2 }),
  ],
  preview: { select: { title: 'endedHeader', subtitle: SCHOOL_NAME } },
});

export const giveawaysBanner = defineType({
  name: 'giveawaysBanner',
  title: 'Giveaway banner (plan pages, confirmation page)',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text(
      'capitalHeader',
      'Small heading',
      "The short line in capitals above the banner's heading on the student, faculty and fan plan pages (e.g. GIVEAWAYS); also above the heading of the giveaway confirmation page.",
    ),
    text('experienceHeader', 'Heading', "The banner's large heading, on the plan pages."),
    text(
      'exclusiveAccessText',
      'Text',
      "Under the banner's heading on the plan pages; also on the giveaway confirmation page, above the button to the why page.",
      { rows: 2 },
    ),
    image('backgroundImage', 'Background', 'Behind the banner on the plan pages.', {
      alt: 'decorative',
    }),
    text(
      'enterButtonText',
      'Enter button',
      'On the plan pages\' banner it opens the giveaway entry page (the closed page when the giveaway is not open); on the giveaway confirmation page it shows while the giveaway is open. Hidden for giveaways listed in the site settings under "Giveaways without an enter button".',
    ),
  ],
  preview: { select: { title: 'capitalHeader', subtitle: SCHOOL_NAME, media: 'backgroundImage' } },
});
