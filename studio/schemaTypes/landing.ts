/** The school's landing page (/{school}), top to bottom. */
import { defineField, defineType, type PreviewValue } from 'sanity';
import {
  hexColour,
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

/** A plan choice: the fan, student or faculty card linking to its plan page. */
export const planChoice = defineType({
  name: 'planChoice',
  title: 'Plan choice',
  type: 'object',
  fields: [
    text('PlanTitle', 'Title', "The card's heading."),
    text('PlanSubtitle', 'Subtitle', 'The line under the heading.', { rows: 2 }),
    text('PlanButtonText', 'Button text', 'The button that opens the plan page.'),
  ],
});

/** A pillar: a short heading with a line of text. */
export const pillar = defineType({
  name: 'pillar',
  title: 'Pillar',
  type: 'object',
  fields: [
    text('title', 'Heading', "The pillar's heading."),
    text('subHeader', 'Text', 'The text under the heading.', { rows: 2 }),
  ],
  preview: { select: { title: 'title', subtitle: 'subHeader' } },
});

export const landingHeader = defineType({
  name: 'landingHeader',
  title: 'Landing hero',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', 'The large heading at the top of the landing page.'),
    text('subtitle', 'Text', 'The paragraph under the heading.', { rows: 3 }),
    optionalText('tmoHeader', 'Network line', 'The small line above the heading.'),
    image('heroImage', 'Hero image', "Beside the heading (and the page's social-sharing image).", {
      alt: 'required',
    }),
    optionalText('ctaText', 'Button text', 'The button under the text; no button when empty.'),
    link(
      'ctaFragment',
      'Button target',
      'Where the button goes, e.g. #plans (a section of the page).',
    ),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME, media: 'heroImage' } },
});

export const partnerBanner = defineType({
  name: 'partnerBanner',
  title: 'Partner banner',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    defineField({
      name: 'bannerNumber',
      title: 'Banner number',
      type: 'number',
      description:
        'Banner 1 shows under the hero, banner 2 further down the landing page. A school has one of each.',
      options: { list: [1, 2], layout: 'radio' },
      validation: (rule) => rule.required().integer().min(1).max(2),
    }),
    hexColour(
      'backgroundColor',
      'Background colour',
      'Behind the banner image, e.g. #4b2e83; none when empty.',
    ),
    text('collegeName', 'College name', "Read out as the banner's label (its alternative text)."),
    image('banner', 'Banner image', 'The wide banner; its label is the college name above.', {
      alt: 'decorative',
    }),
    link('bannerUrl', 'Link', 'Where a click on the banner goes; not a link when empty.'),
  ],
  preview: {
    select: { number: 'bannerNumber', school: SCHOOL_NAME, media: 'banner' },
    prepare: ({
      number,
      school,
      media,
    }: {
      number?: number;
      school?: string;
      media?: PreviewValue['media'];
    }) => ({
      title: `Partner banner ${number ?? '?'}`,
      subtitle: school,
      media,
    }),
  },
});

export const landingPerks = defineType({
  name: 'landingPerks',
  title: 'Landing perks',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The perks section's heading on the landing page."),
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
            image('perkIcon', 'Icon', "The card's icon.", { alt: 'decorative' }),
            text('perkTitle', 'Heading', "The card's heading."),
            text('subText', 'Text', "The card's text.", { rows: 2 }),
          ],
          { title: 'perkTitle', subtitle: 'subText', media: 'perkIcon' },
        ),
      ],
      { min: 1 },
    ),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const howItWorks = defineType({
  name: 'howItWorks',
  title: 'How it works',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', 'The "how it works" section\'s heading on the landing page.'),
    optionalText('subHeader', 'Small heading', 'Above the heading.'),
    optionalText('subtitle', 'Text', 'Under the heading.', { rows: 2 }),
    list(
      'stepCards',
      'Steps',
      'The numbered steps, in order.',
      [
        item(
          'stepCard',
          'Step',
          [
            text('stepNum', 'Number', "The step's number, e.g. 1."),
            text('stepHeader', 'Heading', "The step's heading."),
            text('subText', 'Text', "The step's text.", { rows: 2 }),
            optionalText(
              'coverageLinkText',
              'Coverage link text',
              'A link to the coverage map after the text; none when empty.',
            ),
          ],
          { title: 'stepHeader', subtitle: 'stepNum' },
        ),
      ],
      { min: 1 },
    ),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const choosePlans = defineType({
  name: 'choosePlans',
  title: 'Choose a plan (landing)',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The plan chooser's heading on the landing page."),
    optionalText('subHeader', 'Text', 'Under the heading.', { rows: 2 }),
    optionalText('tmoSmallHeader', 'Network line', 'The small line above the heading.'),
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

export const missionRows = defineType({
  name: 'missionRows',
  title: 'Mission',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The mission section's heading on the landing page."),
    optionalText('missionSubtitle', 'Text', 'Under the heading.', { rows: 2 }),
    optionalText('subHeaderTag', 'Small heading', 'Above the heading.'),
    list('missionPillars', 'Pillars', "The mission's pillars, in order.", [{ type: 'pillar' }], {
      min: 1,
    }),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const faqs = defineType({
  name: 'faqs',
  title: 'Questions (FAQ)',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('title', 'Heading', "The FAQ section's heading on the landing page."),
    optionalText('subHeader', 'Text', 'Under the heading.', { rows: 2 }),
    text('seeMoreButtonText', '"See more" button text', 'The button under the questions.'),
    link('seeMoreButtonLink', '"See more" button link', 'Where it goes.', { required: true }),
    text('supportButtonText', 'Support button text', 'The second button under the questions.'),
    link('supportButtonLink', 'Support button link', 'Where it goes.', { required: true }),
    list(
      'faqs',
      'Questions',
      'Each question opens to show its answer.',
      [
        item(
          'faq',
          'Question',
          [
            text('question', 'Question', 'The question (the button that opens it).'),
            text('answer', 'Answer', 'The answer.', { rows: 4 }),
          ],
          { title: 'question', subtitle: 'answer' },
        ),
      ],
      { min: 1 },
    ),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});
