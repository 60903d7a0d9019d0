/** What every page of a school shares: the header, the sign-in dialog and the footer. */
import { defineType, type PreviewValue } from 'sanity';
import {
  image,
  item,
  link,
  list,
  ownedListsField,
  SCHOOL_NAME,
  schoolField,
  text,
} from './fields.ts';

export const headerNav = defineType({
  name: 'headerNav',
  title: 'Header',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    list(
      'links',
      'Menu links',
      "The header's links, left to right (the mobile menu lists them top to bottom).",
      [
        item(
          'navLink',
          'Link',
          [
            text('label', 'Label', "The link's text."),
            link('pagePath', 'Page', 'A page of the school (e.g. why) or a section (#faqs).'),
            link(
              'externalUrl',
              'External address',
              'Another site, opened in a new tab; used when no page is set.',
            ),
          ],
          { title: 'label', subtitle: 'pagePath' },
        ),
      ],
      { min: 1 },
    ),
    text('signInButtonText', 'Sign-in button', 'Opens the sign-in dialog.'),
    text(
      'mobileBrandQuestion',
      'Mobile menu question',
      'At the top of the mobile menu, e.g. "Why Husky Mobile?".',
    ),
  ],
  preview: {
    select: { title: 'signInButtonText', subtitle: SCHOOL_NAME },
    prepare: ({ subtitle }: { subtitle?: string }) => ({ title: 'Header', subtitle }),
  },
});

const footerLink = item(
  'footerLink',
  'Link',
  [
    text('pageName', 'Label', "The link's text."),
    link('internalPagePath', 'Page of the school', 'e.g. why: the link goes to /{school}/why.'),
    link('externalPagePath', 'External address', 'Another site, opened in a new tab.'),
    link('pagePath', 'Address as is', 'Used exactly as written (e.g. /search or mailto:…).'),
  ],
  { title: 'pageName', subtitle: 'internalPagePath' },
);

const column = (name: string, title: string) => [
  text(
    `${name}ColumnTitle`,
    `${title} column heading`,
    `The heading of the footer's ${title.toLowerCase()} column.`,
  ),
  list(
    `${name}Links`,
    `${title} links`,
    `The ${title.toLowerCase()} column's links, top to bottom.`,
    [footerLink],
  ),
];

export const footer = defineType({
  name: 'footer',
  title: 'Footer',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    image('collegeLogo', 'Footer logo', 'At the top of the footer; read out as "{service} home".', {
      alt: 'decorative',
    }),
    list('socialMediaIcons', 'Social links', "Icons linking to the school's social accounts.", [
      item(
        'socialLink',
        'Social link',
        [
          text('network', 'Network', "e.g. instagram: read out as the link's name."),
          link('socialUrl', 'Address', "The account's page.", { required: true }),
          image('appIcon', 'Icon', "The network's icon (the network name is its label).", {
            alt: 'decorative',
          }),
        ],
        { title: 'network', subtitle: 'socialUrl', media: 'appIcon' },
      ),
    ]),
    ...column('page', 'Pages'),
    ...column('support', 'Support'),
    ...column('legal', 'Legal'),
    ...column('newsroom', 'Newsroom'),
    text('finePrint', 'Fine print', 'At the very bottom of every page.', { rows: 3 }),
  ],
  preview: {
    select: { subtitle: SCHOOL_NAME, media: 'collegeLogo' },
    prepare: ({ subtitle, media }: { subtitle?: string; media?: PreviewValue['media'] }) => ({
      title: 'Footer',
      subtitle,
      media,
    }),
  },
});

export const loginModal = defineType({
  name: 'loginModal',
  title: 'Sign-in dialog',
  type: 'document',
  fields: [
    schoolField,
    ownedListsField,
    text(
      'questionHeader',
      'Question',
      'The dialog\'s heading, e.g. "Which kind of Husky are you?".',
    ),
    link('fanPortalLink', 'Fan sign-in address', 'Where the fan button goes.', { required: true }),
    text('fanButtonText', 'Fan button', "The fan button's text."),
    link('studentPortalLink', 'Student sign-in address', 'Where the student button goes.', {
      required: true,
    }),
    text('studentButtonText', 'Student button', "The student button's text."),
    link('facultyPortalLink', 'Faculty sign-in address', 'Where the faculty button goes.', {
      required: true,
    }),
    text('facultyButtonText', 'Faculty button', "The faculty button's text."),
    text('closeText', 'Close button', "The label of the dialog's close button."),
    image('favicon', 'Icon', 'A small icon at the top of the dialog; none when empty.', {
      alt: 'decorative',
      optional: true,
    }),
  ],
  preview: { select: { title: 'questionHeader', subtitle: SCHOOL_NAME } },
});
