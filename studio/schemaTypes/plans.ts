/** The plan pages (/{school}/fan, /student, /faculty) and their broadband labels. */
import { defineField, defineType } from 'sanity';
import {
  customerType,
  image,
  item,
  link,
  list,
  optionalText,
  ownedListsField,
  requiredHere,
  SCHOOL_NAME,
  schoolField,
  text,
} from './fields.ts';

/** FCC unique plan identifier: F (fixed) or M (mobile), the 10-digit FRN and a 15-character plan code. */
export const FCC_PLAN_ID_PATTERN = /^[FM]\d{10}[A-Z0-9]{15}$/;

const customerPreview = (label: string) => ({
  select: { customerType: 'customerType', school: SCHOOL_NAME },
  prepare: ({ customerType: type, school }: { customerType?: string; school?: string }) => ({
    title: `${label}: ${type ?? '?'}`,
    subtitle: school,
  }),
});

export const planPageHeader = defineType({
  name: 'planPageHeader',
  title: 'Plan page header',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    customerType,
    text('header', 'Heading', "The plan page's main heading."),
    text('tmoSubHeader', 'Network line', 'Under the heading.'),
    text('finePrint', 'Fine print', 'Under the plan cards.', { rows: 3 }),
    text('givebackHeader', 'Give-back heading', 'The heading of the give-back part.'),
    text('whyUsButtonText', '"Why us" button text', 'The button to the why page.'),
    link('whyUsPagePath', '"Why us" button link', 'A page of the school, e.g. why.', {
      required: true,
    }),
    optionalText('termsLine', 'Terms line', 'A last line of terms; none when empty.', { rows: 2 }),
  ],
  preview: customerPreview('Plan page header'),
});

const planBullet = item(
  'planBullet',
  'Bullet',
  [
    optionalText('boldedText', 'Bold text', 'The bold start of the bullet.'),
    optionalText('bodyText', 'Text', 'The rest of the bullet.', { rows: 2 }),
    optionalText('linkText', 'Link text', 'A link at the end of the bullet; none when empty.'),
    link(
      'linkPagePath',
      'Link target',
      'Where the link goes (a page of the school or an address).',
    ),
  ],
  { title: 'boldedText', subtitle: 'bodyText' },
);

export const planCard = defineType({
  name: 'planCard',
  title: 'Plan card',
  type: 'object',
  fields: [
    text(
      'planLabel',
      'Plan name',
      "The card's heading; it also finds the plan's broadband label (its name must contain this).",
    ),
    optionalText('price', 'Price', 'The monthly price, e.g. $25, when there is no sale price.'),
    optionalText('salePrice', 'Sale price', 'Shown large when set.'),
    optionalText('strikePrice', 'Old price', 'Struck through beside the sale price.'),
    text('perTime', 'Per', 'After the price, e.g. /mo.'),
    text('taxesIncluded', 'Taxes line', 'Under the price, e.g. "Taxes and fees included".'),
    text('planTagline', 'Tagline', 'The line under the plan name.'),
    optionalText('planDescription', 'Description', 'A paragraph on the card.', { rows: 3 }),
    text('planButtonText', 'Button text', 'The sign-up button.'),
    link('planButtonLink', 'Button link', 'Where sign-up starts.', { required: true }),
    text(
      'broadbandButtonText',
      'Label button text',
      "The button that opens the plan's broadband label.",
    ),
    list('planBullets', 'Bullets', "The card's list of features.", [planBullet]),
  ],
  preview: { select: { title: 'planLabel', subtitle: 'planTagline' } },
});

export const planCards = defineType({
  name: 'planCards',
  title: 'Plan cards',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    customerType,
    list('plans', 'Plans', 'The cards, left to right.', [{ type: 'planCard' }], { min: 1 }),
  ],
  preview: customerPreview('Plan cards'),
});

const labelled = (name: string, title: string) =>
  item(
    name,
    title,
    [
      text('label', 'Label', "The row's label."),
      optionalText('description', 'Description', "The row's value or explanation."),
    ],
    { title: 'label', subtitle: 'description' },
  );

export const broadbandFacts = defineType({
  name: 'broadbandFacts',
  title: 'Broadband label',
  type: 'document',
  description:
    'The FCC broadband facts label of one plan, opened from its plan card and exported as CSV.',
  fieldsets: [
    { name: 'price', title: 'Price', options: { collapsible: true } },
    { name: 'usage', title: 'Speeds and data', options: { collapsible: true } },
    { name: 'support', title: 'Support and policies', options: { collapsible: true } },
  ],
  fields: [
    schoolField,
    ownedListsField,
    defineField({
      name: 'order',
      title: 'Plan',
      type: 'number',
      description:
        "Which plan's label this is, and the order labels are listed in (smallest first): 1–3 fan, 4–6 student, 7–9 faculty plans. A school's label inherits from the product's label of the same number.",
      validation: (rule) => rule.required().integer(),
    }),
    text('header', 'Heading', 'The label\'s title, e.g. "Broadband Facts".'),
    text('provider', 'Provider', "The provider's name."),
    text(
      'planName',
      'Plan name',
      "Must contain the plan card's name, which is how the card finds this label.",
    ),
    text('planLabel', 'Plan type', 'e.g. "Mobile Broadband Consumer Disclosure".'),
    text('disclosureSubtitle', 'Disclosure line', 'Under the title.'),
    text('timePriceLabel', 'Price label', 'e.g. "Monthly Price".', { fieldset: 'price' }),
    text('planPrice', 'Price', 'e.g. $25.00.', { fieldset: 'price' }),
    text('isIntroductoryRate', 'Introductory rate line', 'Whether the price is introductory.', {
      fieldset: 'price',
    }),
    text('requiresContract', 'Contract line', 'Whether a contract is needed.', {
      fieldset: 'price',
    }),
    list('additionalCharges', 'Additional charges', 'Rows of one-time and monthly charges.', [
      labelled('charge', 'Charge'),
    ]),
    list('discounts', 'Discounts', 'Rows of discounts and bundles.', [
      labelled('discount', 'Discount'),
    ]),
    list('speeds', 'Speeds', 'Typical download/upload speeds and latency.', [
      item(
        'speed',
        'Speed',
        [
          text('label', 'Label', 'e.g. "Typical Download Speed".'),
          text('speedRange', 'Range', 'e.g. "90-300 Mbps".'),
        ],
        { title: 'label', subtitle: 'speedRange' },
      ),
    ]),
    text('dataLabel', 'Data label', 'e.g. "Data Included with Monthly Price".', {
      fieldset: 'usage',
    }),
    text('countGB', 'Data included', 'e.g. "Unlimited".', { fieldset: 'usage' }),
    text('additionalUsageLabel', 'Extra usage label', 'e.g. "Charges for Additional Data Usage".', {
      fieldset: 'usage',
    }),
    text('additionalUsagePrice', 'Extra usage price', 'e.g. "$0".', { fieldset: 'usage' }),
    list('policy', 'Policies', 'Links to network management and privacy policies.', [
      item(
        'policyLink',
        'Policy',
        [
          text('title', 'Title', "The policy's name."),
          text('linkText', 'Link text', "The link's text."),
          link('link', 'Link', "The policy's address.", { required: true }),
        ],
        { title: 'title', subtitle: 'link' },
      ),
    ]),
    text('supportLabel', 'Support label', 'e.g. "Customer Support".', { fieldset: 'support' }),
    text('supportNumber', 'Support phone', 'The support phone number.', { fieldset: 'support' }),
    text('intercomWebsiteLabel', 'Website label', 'e.g. "Website".', { fieldset: 'support' }),
    text('intercomLinkText', 'Website link text', "The support site's link text.", {
      fieldset: 'support',
    }),
    link('intercomLink', 'Website link', "The support site's address.", {
      required: true,
      fieldset: 'support',
    }),
    text('fccMiniLabel', 'FCC line', 'The line about the FCC at the bottom.', {
      fieldset: 'support',
    }),
    defineField({
      name: 'uniquePlanId',
      title: 'FCC unique plan id',
      type: 'string',
      description:
        'F or M, the 10-digit FRN and a 15-character plan code; unique across all labels. In the label and its CSV.',
      validation: (rule) =>
        rule.custom(requiredHere).regex(FCC_PLAN_ID_PATTERN, { name: 'FCC plan id' }),
    }),
  ],
  orderings: [{ title: 'Order', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'planName', subtitle: 'uniquePlanId' } },
});

export const perkSection = defineType({
  name: 'perkSection',
  title: 'Plan page perks',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The perks section's heading on the plan pages."),
    optionalText('subtitle', 'Text', 'Under the heading.', { rows: 2 }),
    list(
      'perks',
      'Perks',
      'The perk cards, in order.',
      [
        item(
          'perk',
          'Perk',
          [
            text('perkTitle', 'Heading', "The card's heading."),
            image('perkIcon', 'Icon', "The card's icon.", { alt: 'decorative' }),
            optionalText('subText', 'Text', "The card's text.", { rows: 2 }),
          ],
          { title: 'perkTitle', subtitle: 'subText', media: 'perkIcon' },
        ),
      ],
      { min: 1 },
    ),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const switchSection = defineType({
  name: 'switchSection',
  title: 'Why switch',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('header', 'Heading', 'The "why switch" section\'s heading on the plan pages.'),
    list('missionPillars', 'Reasons', 'The reasons, in order.', [{ type: 'pillar' }], { min: 1 }),
  ],
  preview: { select: { title: 'header', subtitle: SCHOOL_NAME } },
});
