/** The coverage, newsroom and international dialing pages. */
import { defineArrayMember, defineType } from 'sanity';
import {
  link,
  list,
  optionalText,
  ownedListsField,
  SCHOOL_NAME,
  schoolField,
  text,
  textList,
  url,
  valueRequired,
} from './fields.ts';

export const coverageMapPage = defineType({
  name: 'coverageMapPage',
  title: 'Coverage map page',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('header', 'Heading', "The coverage page's main heading (/{school}/coverage-map)."),
    text('zipInstructionText', 'Instructions', 'Above the map: how to look up an address.', {
      rows: 2,
    }),
    optionalText(
      'mapTitle',
      'Map title',
      'The map frame\'s accessible name; "{service} coverage map" when empty.',
    ),
    url(
      'coverageMapUrl',
      'Coverage map address (this school)',
      "Overrides the site settings' map in this school's coverage page frame. https only.",
      { optional: true, httpsOnly: true },
    ),
    url(
      'coverageMapLink',
      'Full coverage map link (this school)',
      "Overrides the site settings' link to the carrier's full map. https only.",
      { optional: true, httpsOnly: true },
    ),
  ],
  preview: { select: { title: 'header', subtitle: SCHOOL_NAME } },
});

const textSection = (name: string, title: string, description: string) =>
  defineArrayMember({
    name,
    title,
    type: 'object',
    fields: [text('text', 'Text', description, { rows: name === 'paragraph' ? 4 : 1 })],
    preview: {
      select: { subtitle: 'text' },
      prepare: ({ subtitle }: { subtitle?: string }) => ({ title, subtitle }),
    },
  });

export const pressRelease = defineType({
  name: 'pressRelease',
  title: 'Press release',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    optionalText('title', 'Title', "For editors: the release's name in lists."),
    optionalText(
      'placeholder',
      'Placeholder',
      'Shown on the newsroom page instead of the release while it has no sections, e.g. "Coming soon....".',
    ),
    list(
      'sections',
      'Sections',
      'The release on the newsroom page (/{school}/newsroom), top to bottom.',
      [
        textSection('mainHeading', 'Main heading', "The release's heading."),
        textSection('subHeading', 'Subheading', 'A heading inside the release.'),
        textSection('paragraph', 'Paragraph', 'A paragraph.'),
        defineArrayMember({
          name: 'unorderedList',
          title: 'Bulleted list',
          type: 'object',
          fields: [
            {
              ...textList('items', 'Items', 'One bullet each.'),
              validation: (rule) =>
                rule.custom((value: unknown[] | undefined, context) =>
                  !valueRequired(context)
                    ? true
                    : !value
                      ? 'Required'
                      : value.length >= 1 || 'Must have at least 1 item',
                ),
            },
          ],
          preview: {
            select: { first: 'items.0' },
            prepare: ({ first }: { first?: string }) => ({
              title: 'Bulleted list',
              subtitle: first,
            }),
          },
        }),
        defineArrayMember({
          name: 'contactLink',
          title: 'Contact link',
          type: 'object',
          fields: [
            optionalText(
              'label',
              'Label',
              "The link's text (e.g. a press contact's email address).",
            ),
            optionalText('text', 'Old label', 'Used when the label is empty (older releases).'),
            link(
              'href',
              'Address',
              'mailto:…, tel:… or https://…; shown as plain text when empty.',
            ),
          ],
          // The site skips a contact link with neither a label nor an old label.
          validation: (rule) =>
            rule.custom(
              (value: { label?: string; text?: string } | undefined) =>
                !value ||
                [value.label, value.text].some((label) => label?.trim()) ||
                'Needs a label',
            ),
          preview: { select: { title: 'label', subtitle: 'href' } },
        }),
      ],
    ),
  ],
  preview: { select: { title: 'title', subtitle: SCHOOL_NAME } },
});

export const internationalDialing = defineType({
  name: 'internationalDialing',
  title: 'International dialing page',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text('header', 'Heading', "The page's main heading (/{school}/international-dialing)."),
    textList('bodyParagraphs', 'Paragraphs', 'Under the heading, in order.'),
    text('featureTitleLabel', 'Feature list heading', 'Above the list of features.'),
    textList('featureBullets', 'Features', 'One bullet each.'),
    link('countryRatesLink', 'Rates link', 'The page listing rates per country.', {
      required: true,
    }),
    text('seeRatesButtonText', 'Rates button', 'The button to the rates page.'),
    text('disclaimerFinePrintLabel', 'Fine print label', 'The bold start of the fine print.'),
    text('disclaimerFinePrint', 'Fine print', 'At the bottom of the page.', { rows: 3 }),
  ],
  preview: { select: { title: 'header', subtitle: SCHOOL_NAME } },
});
