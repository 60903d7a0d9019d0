/** The school registry and the site-wide settings. */
import { CogIcon } from '@sanity/icons/Cog';
import { HomeIcon } from '@sanity/icons/Home';
import { defineArrayMember, defineField, defineType, type PreviewValue } from 'sanity';
import { SLUG_FORM, seoSlugReservedProblem } from '../../src/lib/route-table/legacy-aliases.ts';
import {
  brandColour,
  image,
  legacyAliasesUniqueAcrossSchools,
  legacyAliasRule,
  notBlank,
  optionalText,
  text,
  url,
} from './fields.ts';
import {
  SCHOOL_STATUSES,
  SCHOOL_STATUS_TITLES,
  schoolStatusOf,
  successorProblem,
} from '../../src/lib/schools/lifecycle.ts';

export const school = defineType({
  name: 'school',
  title: 'School',
  type: 'document',
  icon: HomeIcon,
  description:
    'One per school: its address on the site, names and logo. Every other school document points at it.',
  fields: [
    text(
      'baseName',
      'Service name',
      'The school\'s phone service, e.g. "Husky Mobile": in titles, headings and the footer.',
    ),
    defineField({
      name: 'seoSlug',
      title: 'Address on the site',
      type: 'string',
      description:
        'The build publishes the school\'s pages under /{this} (e.g. /uw-husky-mobile, /uw-husky-mobile/student) and lists them in the sitemap. Lower-case words joined by hyphens, not an address the site serves itself (search, default, 404, sitemap…). Changing it moves every page: add the old value to "Old addresses" so links keep working.',
      validation: (rule) =>
        rule
          .required()
          .regex(SLUG_FORM, { name: 'lower-case words joined by hyphens' })
          .custom((value) => (typeof value === 'string' && seoSlugReservedProblem(value)) || true),
    }),
    text(
      'key',
      'Internal key',
      "The school's key in the product API (its tenant code), e.g. huskymobile. The build looks up the tenant record (name, colours, giveaway) by it and stops, naming the school, when the lookup fails. Change only together with the API.",
    ),
    defineField({
      name: 'legacyAliases',
      title: 'Old addresses',
      type: 'array',
      description:
        'Earlier first path segments of this school, e.g. gohuskymobile. For each, the build writes redirects (301): /{alias} to the school\'s home, /{alias}/{page} to the same page under the school, and /{alias}/giveawayentry/{id} as "Redirect old giveaway links" says. Each must be lower-case letters, digits and hyphens, not a segment the site serves itself (search, default, 404, sitemap…), and not another school\'s address or old address: one that is not is left out of the redirects and named in the build report.',
      of: [
        defineArrayMember({
          type: 'string',
          validation: (rule) => rule.required().custom(legacyAliasRule),
        }),
      ],
      validation: (rule) => rule.unique().custom(legacyAliasesUniqueAcrossSchools),
    }),
    defineField({
      name: 'giveawayEntryRedirect',
      title: 'Redirect old giveaway links',
      type: 'boolean',
      description:
        "On: old giveaway links under an old address (/{alias}/giveawayentry/{id}) go to this school's giveaway entry page for that id, or to its closed page when that giveaway is not open. Off: they go to the company's main site (for old addresses that never had giveaway pages). Links under the school's current address are not affected. On unless set off.",
      initialValue: true,
    }),
    text('schoolShort', 'School short name', 'e.g. "UW": in headings and plan text.'),
    text('mascotNation', 'Fan base name', 'e.g. "Husky Nation": in landing and why-page text.'),
    optionalText(
      'mascot',
      'Mascot',
      'One of them, e.g. "Husky" or "Golden Bear": in plan and perk text ("Perks for every Husky").',
    ),
    optionalText(
      'mascotPlural',
      'Mascot, plural',
      'e.g. "Huskies" or "Golden Bears": in plan and perk text ("for Huskies who mostly use Wi-Fi").',
    ),
    text(
      'schoolName',
      'School full name',
      'e.g. "University of Washington": in page descriptions and structured data.',
    ),
    image('logo', 'Logo', 'In the header and structured data of every page of the school.', {
      alt: 'decorative',
    }),
    image('favicon', 'Browser tab icon', 'The favicon of every page of the school.', {
      alt: 'decorative',
    }),
    optionalText('city', 'City', 'Where the school is, e.g. "Seattle": on the school search card.'),
    optionalText('state', 'State', 'e.g. "Washington": on the school search card after the city.'),
    brandColour(
      'primaryColor',
      'Primary brand colour',
      "The school's main colour: the site's theme when the product API's tenant record has none, and the first swatch on the search card.",
    ),
    brandColour(
      'secondaryColor',
      'Secondary brand colour',
      'The accent colour: headings bands and the second swatch on the search card, when the tenant record has none.',
    ),
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      description:
        'Preparing: the school\'s pages appear on previews only, marked "not launched yet", and never stop a production publish. Live: published. Retired: its pages, sitemap entries and search card are removed and its addresses redirect (to the successor below, or the main site). Empty counts as Live.',
      options: {
        list: SCHOOL_STATUSES.map((value) => ({ value, title: SCHOOL_STATUS_TITLES[value] })),
        layout: 'radio',
      },
      initialValue: 'preparing',
      validation: (rule) =>
        rule.custom(
          (value) => schoolStatusOf(value) !== undefined || 'Choose Preparing, Live or Retired',
        ),
    }),
    defineField({
      name: 'successor',
      title: 'Successor school',
      type: 'reference',
      to: [{ type: 'school' }],
      description:
        'Retired schools only: the school whose home page the old addresses (/{address} and everything under it, and the old aliases) now open. Empty: they open the main site.',
      hidden: ({ document, value }) => !value && schoolStatusOf(document?.status) !== 'retired',
      validation: (rule) =>
        rule.custom(
          (value, context) =>
            successorProblem({
              ...(context.document as { _id?: string; status?: unknown }),
              successor: value,
            }) ?? true,
        ),
    }),
    defineField({
      name: 'templateSchool',
      title: 'Made from',
      type: 'string',
      readOnly: true,
      description:
        'The key of the school this one was copied from with "New school". The content check lists that school\'s text and images still here.',
    }),
  ],
  preview: {
    select: { title: 'baseName', schoolName: 'schoolName', status: 'status', media: 'logo' },
    // Editors see at a glance which schools are not live.
    prepare: ({
      title,
      schoolName,
      status,
      media,
    }: {
      title?: string;
      schoolName?: string;
      status?: unknown;
      media?: PreviewValue['media'];
    }) => {
      const lifecycle = schoolStatusOf(status);
      return {
        title,
        media,
        subtitle:
          lifecycle && lifecycle !== 'live'
            ? `${schoolName ?? ''} · ${lifecycle === 'preparing' ? 'Preparing' : 'Retired'}`
            : schoolName,
      };
    },
  },
});

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  description: 'One for the whole site.',
  fields: [
    text(
      'productName',
      'Company name',
      'The operator of every school\'s service, e.g. "K1 Mobile": in structured data and fine print.',
    ),
    text('carrierLine', 'Network line', 'The line about the carrier network shown under headings.'),
    defineField({
      name: 'activeGiveawayIds',
      title: 'Active giveaway ids',
      type: 'array',
      description:
        "A school's giveaway is open when its current event id (from its tenant record in the product API) is in this list; the site is built again when either changes.",
      of: [
        defineArrayMember({
          type: 'string',
          validation: (rule) => rule.required().custom(notBlank),
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'hiddenEnterGiveawayIds',
      title: 'Giveaways without an enter button',
      type: 'array',
      description:
        'Giveaway ids whose "enter" button is hidden: on the plan pages\' giveaway banner and on the giveaway confirmation page.',
      of: [
        defineArrayMember({
          type: 'string',
          validation: (rule) => rule.required().custom(notBlank),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    url(
      'coverageMapUrl',
      'Coverage map address',
      "The carrier's map shown in a frame on every school's coverage page (a school's coverage page may override it). Empty: the page shows its own map panel. https only.",
      { optional: true, httpsOnly: true },
    ),
    url(
      'coverageMapLink',
      'Full coverage map link',
      "The carrier's full map, opened in a new tab from every coverage page (overridable per school). https only.",
      { optional: true, httpsOnly: true },
    ),
    url('mainSiteUrl', 'Main site address', 'Where unknown addresses and "Get started" links go.'),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
});
