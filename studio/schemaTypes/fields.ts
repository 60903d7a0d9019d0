/**
 * Field builders shared by every content type. Each one carries the rule the site's build applies
 * to the same field (src/lib/content/schemas.ts and the link guard), so what the Studio accepts
 * is what the site shows; studio/tests checks both sides field by field.
 *
 * A per-school type has two kinds of document (src/lib/content/inheritance/): the product document
 * (`product-<type>[-<variant>]`), which must be complete, and a school's, where any field may be
 * left empty (it shows the product's value), except inside a list the school owns whole. The build
 * validates the school's document resolved against the product's; so what is required here is
 * required where a value must be written (`valueRequired`). Text may carry the school's words as
 * placeholders (`{baseName}`…); an unknown one is refused.
 */
import {
  defineArrayMember,
  defineField,
  type ArrayOfType,
  type ArrayRule,
  type FieldDefinition,
  type ValidationContext,
} from 'sanity';
import {
  isInOwnedList,
  isInheritedType,
  isProductId,
  isSchoolOverrides,
  ownedListsOf,
  placeholderRule,
} from '../../src/lib/content/inheritance/index.ts';
import { classifyLink } from '../../src/lib/links/classify.ts';
import {
  checkLegacyAliases,
  legacyAliasFormProblem,
} from '../../src/lib/route-table/legacy-aliases.ts';
import { HEX_COLOUR, SIX_DIGIT_HEX_COLOUR } from '../../src/lib/theme/hex-colour.ts';

/**
 * Whether this field needs a value here: everywhere except in a school's document of a per-school
 * type, where an empty field inherits the product document's; inside a list the school owns whole
 * (`ownedLists`) the school's items stand alone and need every value.
 */
export function valueRequired(context: ValidationContext): boolean {
  const document = context.document;
  if (!isSchoolOverrides(document)) return true;
  return isInOwnedList(ownedListsOf(document), context.path ?? []);
}

const isEmpty = (value: unknown) => value === undefined || value === null;

/** Sanity's `required`, where this document needs the value (`valueRequired`). */
export const requiredHere = (value: unknown, context: ValidationContext) =>
  !isEmpty(value) || !valueRequired(context) || 'Required';

/** Text of a product or school document may name the school's words only as the placeholders the build fills. */
export const knownPlaceholders = (value: unknown, context: ValidationContext) =>
  isInheritedType(context.document?._type) ? placeholderRule(value) : true;

/** The build trims text and refuses it when nothing is left (a value that is not text is the field type's to refuse). */
export const notBlank = (value: unknown) =>
  typeof value !== 'string' || value.trim().length > 0 || 'Must not be empty or only spaces';

/**
 * The site keeps a link only when the build's one link classifier does (src/lib/links/classify.ts): a page
 * of the school (`why`), a site path, an anchor, or http(s)/mailto/tel; anything else is dropped
 * when the site builds. The Studio asks the same function, so editors are told before publishing.
 */
export function isAllowedLink(value: string): boolean {
  return classifyLink(value, STUDIO_SITE_ORIGIN).kind !== 'dropped';
}

/** Any origin will do: which links are kept does not depend on the site's own address. */
const STUDIO_SITE_ORIGIN = 'https://site.invalid';

const linkRule = (value: unknown) =>
  typeof value !== 'string' ||
  isAllowedLink(value) ||
  'Use https://…, mailto:…, tel:…, a site path (/…), an anchor (#…) or a page name (why); other links are removed from the site';

interface FieldOptions {
  /** Several lines in the editor (paragraphs). */
  rows?: number;
  /** Fieldset (collapsible group) the field belongs to. */
  fieldset?: string;
}

function stringField(name: string, title: string, description: string, options: FieldOptions) {
  return {
    name,
    title,
    description,
    ...(options.rows ? { type: 'text' as const, rows: options.rows } : { type: 'string' as const }),
    ...(options.fieldset ? { fieldset: options.fieldset } : {}),
  };
}

/** Text the site needs: the section is left out when it is missing or blank. */
export const text = (
  name: string,
  title: string,
  description: string,
  options: FieldOptions = {},
) =>
  defineField({
    ...stringField(name, title, description, options),
    validation: (rule) => rule.custom(requiredHere).custom(notBlank).custom(knownPlaceholders),
  });

/** Text the site shows only when it is there. */
export const optionalText = (
  name: string,
  title: string,
  description: string,
  options: FieldOptions = {},
) =>
  defineField({
    ...stringField(name, title, description, options),
    validation: (rule) => rule.custom(knownPlaceholders),
  });

/** A link or page path (see `isAllowedLink`). */
export const link = (
  name: string,
  title: string,
  description: string,
  options: FieldOptions & { required?: boolean } = {},
) =>
  defineField({
    ...stringField(name, title, description, options),
    validation: (rule) =>
      options.required
        ? rule.custom(requiredHere).custom(notBlank).custom(linkRule).custom(knownPlaceholders)
        : rule.custom(linkRule).custom(knownPlaceholders),
  });

/**
 * A full web address (the site refuses anything else); `optional` when the site can do without it,
 * `httpsOnly` for what a page embeds or sends visitors to on another site.
 */
export const url = (
  name: string,
  title: string,
  description: string,
  options: { optional?: boolean; httpsOnly?: boolean } = {},
) =>
  defineField({
    name,
    title,
    description,
    type: 'url',
    validation: (rule) =>
      (options.optional ? rule : rule.custom(requiredHere)).uri({
        scheme: options.httpsOnly ? ['https'] : ['http', 'https'],
      }),
  });

/** A named brand colour ({name, hex}), as the theme and the school search cards use it. */
export const brandColour = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: 'object',
    fields: [
      text(
        'name',
        'Colour name',
        'e.g. "Berkeley Blue": the swatch\'s name on the school search card.',
      ),
      defineField({
        name: 'hex',
        title: 'Hex value',
        type: 'string',
        description: 'Six-digit hex, e.g. #003262.',
        validation: (rule) =>
          rule.required().regex(SIX_DIGIT_HEX_COLOUR, { name: '#rrggbb hex colour' }),
      }),
    ],
  });

/** A school's brand colour as a placeholder: the product's banner background in each school's colour. */
const COLOUR_PLACEHOLDER = /^\{(primaryColor|secondaryColor)\}$/;

/** A 6-digit (#4b2e83) or 3-digit (#fff) hex colour, or empty for none; the site ignores anything else. */
export const hexColour = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: 'string',
    validation: (rule) =>
      rule.custom(
        (value: string | undefined, context) =>
          !value?.trim() ||
          HEX_COLOUR.test(value.trim()) ||
          (isInheritedType(context.document?._type) && COLOUR_PLACEHOLDER.test(value.trim())) ||
          'Use a hex colour such as #4b2e83, or {primaryColor} or {secondaryColor} for the school’s own',
      ),
  });

interface ImageOptions {
  /**
   * `required`: the image carries meaning and its alt text is read out and shown when it fails to load.
   * `decorative`: screen readers skip it (the site renders it with empty alt text or labels it otherwise).
   */
  alt: 'required' | 'decorative';
  optional?: boolean;
}

/** An image with the editor's hotspot and crop, which the site applies wherever it shows the image. */
export const image = (name: string, title: string, description: string, options: ImageOptions) =>
  defineField({
    name,
    title,
    description,
    type: 'image',
    options: { hotspot: true },
    fields: [
      options.alt === 'required'
        ? defineField({
            name: 'alt',
            title: 'Alternative text',
            type: 'string',
            description:
              'What the image shows, for people who cannot see it. Required: this image carries meaning.',
            validation: (rule) =>
              rule.custom(requiredHere).custom(notBlank).custom(knownPlaceholders),
          })
        : defineField({
            name: 'alt',
            title: 'Alternative text',
            type: 'string',
            description:
              'Not read out: the site shows this image as decoration. Optional, kept for other uses of the image.',
            validation: (rule) => rule.custom(knownPlaceholders),
          }),
    ],
    validation: (rule) =>
      options.optional
        ? rule
        : rule.custom((value: { asset?: unknown } | undefined, context) =>
            value?.asset || !valueRequired(context) ? true : 'Required',
          ),
  });

/** A list of objects; `min` items at least (the build leaves the section out below that). */
export const list = (
  name: string,
  title: string,
  description: string,
  of: ArrayOfType[],
  options: { min?: number } = {},
) =>
  defineField({
    name,
    title,
    description,
    type: 'array',
    of,
    ...(options.min
      ? {
          validation: (rule: ArrayRule<unknown[]>) =>
            rule.custom((value: unknown[] | undefined, context) =>
              !valueRequired(context)
                ? true
                : !value
                  ? 'Required'
                  : value.length >= options.min! || `Must have at least ${options.min} items`,
            ),
        }
      : {}),
  });

/** A list of text lines, each one filled. */
export const textList = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: 'array',
    of: [
      defineArrayMember({
        type: 'string',
        validation: (rule) => rule.required().custom(notBlank).custom(knownPlaceholders),
      }),
    ],
  });

/** An inline object inside a list, with its own fields and list preview. */
export const item = (
  name: string,
  title: string,
  fields: FieldDefinition[],
  preview: { title: string; subtitle?: string; media?: string },
) =>
  defineArrayMember({
    name,
    title,
    type: 'object',
    fields,
    preview: { select: preview },
  });

/**
 * The school a document belongs to: set when the document is created from the school's folder. A
 * product document (`product-…`) belongs to no school: every school inherits it.
 */
export const schoolField = defineField({
  name: 'school',
  title: 'School',
  type: 'reference',
  to: [{ type: 'school' }],
  description: 'The school whose pages show this document.',
  hidden: ({ document, value }) => isProductId(document?._id) && !value,
  validation: (rule) =>
    rule.custom((value, context) =>
      isProductId(context.document?._id)
        ? isEmpty(value) || 'A product document belongs to no school: every school inherits it'
        : !isEmpty(value) || 'Required',
    ),
});

/** How a list a school owns is named: `faqs`, or inside an item `plans[_key=="…"].planBullets`. */
const LIST_PATH = /^[A-Za-z]\w*(\[_key=="[^"]+"\]\.[A-Za-z]\w*)*$/;

/**
 * The lists a school's document owns whole (src/lib/content/inheritance/paths.ts): shown as the
 * school writes them, item for item, instead of the product's.
 */
export const ownedListsField = defineField({
  name: 'ownedLists',
  title: 'Lists this school owns',
  type: 'array',
  of: [defineArrayMember({ type: 'string' })],
  description:
    "Lists shown exactly as this school's document writes them (e.g. faqs), instead of the product's items. Any other list shows the product's items, each with this school's changes.",
  hidden: ({ document, value }) => isProductId(document?._id) && !value,
  validation: (rule) =>
    rule.custom((value: unknown[] | undefined, context) => {
      if (!value?.length) return true;
      if (isProductId(context.document?._id))
        return 'A product document owns every list: leave this empty';
      const bad = value.filter((path) => typeof path !== 'string' || !LIST_PATH.test(path));
      return bad.length ? `Not a list's path: ${bad.join(', ')}` : true;
    }),
});

/** The three customer types, each with its own plan page. */
export const CUSTOMER_TYPES = [
  { title: 'Fans and alumni (/fan)', value: 'fan' },
  { title: 'Students (/student)', value: 'student' },
  { title: 'Faculty and staff (/faculty)', value: 'faculty' },
];

export const customerType = defineField({
  name: 'customerType',
  title: 'Customer type',
  type: 'string',
  description: 'Which plan page shows this document.',
  options: { list: CUSTOMER_TYPES, layout: 'radio' },
  validation: (rule) => rule.required(),
});

/** Preview subtitle for per-school documents: the school's name. */
export const SCHOOL_NAME = 'school.baseName';

/** One old address on its own: the build's legacy-alias rule (slug form, not a segment the site serves). */
export const legacyAliasRule = (value: unknown) =>
  typeof value !== 'string' || (legacyAliasFormProblem(value) ?? true);

/** Every other school's address and old addresses (drafts included: an editor sees a clash before publishing). */
export const OTHER_SCHOOL_ADDRESSES_QUERY =
  '*[_type == "school" && !(_id in [$id, "drafts." + $id])]{key, seoSlug, legacyAliases}';

/**
 * The school's old addresses against every other school's, with the build's own check
 * (checkLegacyAliases): an alias that is another school's address or old address is refused.
 */
export async function legacyAliasesUniqueAcrossSchools(
  value: unknown,
  context: ValidationContext,
): Promise<true | string> {
  if (!Array.isArray(value) || value.length === 0 || !context.document) return true;
  const id = context.document._id.replace(/^drafts\./, '');
  const thisSchool = '(this school)';
  const others = await context
    .getClient({ apiVersion: '2025-09-15' })
    .fetch<Array<{ key?: string; seoSlug?: string; legacyAliases?: string[] }>>(
      OTHER_SCHOOL_ADDRESSES_QUERY,
      { id },
    );
  const schools = [
    ...others.map((other) => ({
      key: other.key ?? '(no key)',
      seoSlug: other.seoSlug ?? '',
      legacyAliases: other.legacyAliases ?? [],
    })),
    {
      key: thisSchool,
      seoSlug: typeof context.document.seoSlug === 'string' ? context.document.seoSlug : '',
      legacyAliases: value.map(String),
    },
  ];
  // The form of each alias is reported on the alias itself (legacyAliasRule); here only clashes.
  const clashes = checkLegacyAliases(schools).problems.filter(
    (problem) =>
      problem.school === thisSchool &&
      !legacyAliasFormProblem(problem.alias) &&
      !problem.reason.endsWith('listed twice'),
  );
  return clashes.length ? clashes.map((problem) => problem.reason).join('; ') : true;
}
