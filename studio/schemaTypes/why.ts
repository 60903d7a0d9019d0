/** The why page (/{school}/why), top to bottom. */
import { defineField, defineType } from 'sanity';
import {
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
  textList,
} from './fields.ts';

export const whyHero = defineType({
  name: 'whyHero',
  title: 'Why hero',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The why page's main heading."),
    text('subtitle', 'Subtitle', 'Under the heading.', { rows: 2 }),
    textList('bodyParagraphs', 'Paragraphs', 'The paragraphs under the subtitle, in order.'),
    image('image', 'Picture', 'Beside the text.', { alt: 'required' }),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME, media: 'image' } },
});

export const givebackFunds = defineType({
  name: 'givebackFunds',
  title: 'Give-back funds',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The funds section's heading on the why page."),
    optionalText('subHeader', 'Small heading', 'Above the heading.'),
    optionalText('leadingText', 'Text', 'Under the heading.', { rows: 2 }),
    list(
      'funds',
      'Funds',
      'The funds a share of every bill supports.',
      [
        item(
          'fund',
          'Fund',
          [
            text('fundName', 'Name', "The fund's name."),
            optionalText('fundMotto', 'Motto', 'A line under the name.'),
            text('fundDescription', 'Description', 'What the fund does.', { rows: 3 }),
          ],
          { title: 'fundName', subtitle: 'fundMotto' },
        ),
      ],
      { min: 1 },
    ),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const howItWorksMath = defineType({
  name: 'howItWorksMath',
  title: 'Give-back maths',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', 'The "how the money works" section\'s heading on the why page.'),
    optionalText('subtitle', 'Text', 'Under the heading.', { rows: 2 }),
    list(
      'steps',
      'Steps',
      'Each step: an amount and what it means.',
      [
        item(
          'mathStep',
          'Step',
          [text('money', 'Amount', 'e.g. $5.'), text('label', 'Label', 'What the amount is.')],
          { title: 'money', subtitle: 'label' },
        ),
      ],
      { min: 1 },
    ),
    optionalText('disclaimer', 'Disclaimer', 'Small print under the steps.', { rows: 2 }),
    link('linkUrl', 'Link', 'A link after the disclaimer.'),
    optionalText('linkText', 'Link text', "The link's text."),
    optionalText('trailingText', 'Text after the link', 'Ends the disclaimer sentence.'),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const whyPerks = defineType({
  name: 'whyPerks',
  title: 'Why perks',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The perks section's heading on the why page."),
    ...[1, 2, 3].flatMap((n) => [
      text(`perk${n}Title`, `Perk ${n} heading`, `The heading of perk ${n}.`),
      text(`perk${n}Text`, `Perk ${n} text`, `The text of perk ${n}.`, { rows: 2 }),
    ]),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const whyPlans = defineType({
  name: 'whyPlans',
  title: 'Choose a plan (why page)',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The plan chooser's heading on the why page."),
    optionalText('subHeader', 'Text', 'Under the heading.', { rows: 2 }),
    defineField({
      name: 'fan',
      title: 'Fans and alumni',
      type: 'planChoice',
      description: 'The card linking to /fan.',
      validation: (rule) => rule.custom(requiredHere),
    }),
    defineField({
      name: 'student',
      title: 'Students',
      type: 'planChoice',
      description: 'The card linking to /student.',
      validation: (rule) => rule.custom(requiredHere),
    }),
    defineField({
      name: 'faculty',
      title: 'Faculty and staff',
      type: 'planChoice',
      description: 'The card linking to /faculty.',
      validation: (rule) => rule.custom(requiredHere),
    }),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});
