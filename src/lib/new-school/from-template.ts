/**
 * A new school in one step: the template school's documents in, the new school's documents out.
 * What is copied is the template's overrides only: its own documents as written (what it inherits
 * stays the product documents', never copied), never a product document (even one that names the
 * template school), and never what a school must own (inheritance/school-owned.ts: the FCC plan
 * ids, which the new school lacks until an editor gives it its own). Every document gets a new id,
 * every reference to the template's school document points at the new one, and the template's
 * names, key, address and colours are swapped for the new school's in all text. The new school
 * starts as `preparing`, and records which school it was made from so the content check can list
 * the template's text and images still in it. Pure and dependency-free: the Studio's "New school"
 * action and `npm run school:new` both call it.
 */
import { PRODUCT_ID_PREFIX, isProductId } from '../content/inheritance/product-documents.ts';
import { ownFieldsOf } from '../content/inheritance/school-owned.ts';
import { layerOf } from '../content/perspective.ts';
import {
  termReplacer,
  termReplacements,
  type ContentDocument,
} from '../content/inheritance/school-terms.ts';

export type { ContentDocument } from '../content/inheritance/school-terms.ts';

/** An image field's file: an export's `_sanityAsset` or a Sanity asset reference. */
export type ImageAsset = { _sanityAsset: string } | { asset: { _type: 'reference'; _ref: string } };

export interface BrandColour {
  name: string;
  hex: string;
}

/** What is really the new school's own; anything left out starts as the template's and is listed by the content check. */
export interface NewSchoolFields {
  key: string;
  seoSlug: string;
  /** The phone service's name, e.g. "Husky Mobile". */
  baseName: string;
  schoolName?: string | undefined;
  schoolShort?: string | undefined;
  mascotNation?: string | undefined;
  /** The mascot, one and many: "Husky", "Huskies". */
  mascot?: string | undefined;
  mascotPlural?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  primaryColor?: BrandColour | undefined;
  secondaryColor?: BrandColour | undefined;
  logo?: ImageAsset | undefined;
}

export interface SchoolSet {
  school: ContentDocument;
  documents: ContentDocument[];
}

/** Lower-case words joined by hyphens, as in every school address (the build's zod rule). */
export const SLUG_FORM = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX = /^#[0-9a-f]{6}$/i;
/** First path segments the site itself uses: a school there would hide the page or be hidden by it. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'search',
  'default',
  '404',
  'backgrounds',
  'content-images',
  'robots',
  'sitemap-index',
  'sitemap-0',
]);
/** Sanity's bookkeeping fields: a new document gets its own. */
const SYSTEM_FIELDS = new Set(['_rev', '_createdAt', '_updatedAt', '_originalId', '_system']);
export const PREPARING = 'preparing';

/** Drafts and release versions are work in progress, never part of a template. */
const isPublished = (id: string) => layerOf(id)?.layer === 'published';
const blank = (value: string | undefined) => value !== undefined && !value.trim();

/** Why the fields cannot make a new school next to `schools` (every school document), each naming the field; empty when they can. */
export function newSchoolErrors(
  fields: NewSchoolFields,
  schools: readonly Record<string, unknown>[],
): string[] {
  const errors: string[] = [];
  for (const [name, value] of [
    ['key', fields.key],
    ['seo slug', fields.seoSlug],
  ] as const) {
    if (!SLUG_FORM.test(value))
      errors.push(
        `${name} "${value}" must be lower-case letters and digits, words joined by single hyphens (e.g. falcon-mobile)`,
      );
    else if (RESERVED_SLUGS.has(value))
      errors.push(`${name} "${value}" is an address the site itself uses`);
  }
  // A school's document ids start with its key: these would read as the product documents' ids.
  if (`${fields.key}-`.startsWith(PRODUCT_ID_PREFIX))
    errors.push(
      `key "${fields.key}" would give this school's documents the product documents' ids (${PRODUCT_ID_PREFIX}…)`,
    );
  for (const school of schools) {
    const owner = String(school.key);
    const names: Array<[string, unknown]> = [
      ['key', school.key],
      ['seo slug', school.seoSlug],
      ...(Array.isArray(school.legacyAliases)
        ? school.legacyAliases.map((alias): [string, unknown] => ['old address', alias])
        : []),
    ];
    const keyOwner = names.find(([, name]) => name === fields.key);
    if (keyOwner)
      errors.push(`key "${fields.key}" is already used by school ${owner} (its ${keyOwner[0]})`);
    const slugOwner = names.find(([, name]) => name === fields.seoSlug);
    if (slugOwner && fields.seoSlug !== fields.key)
      errors.push(
        `seo slug "${fields.seoSlug}" is already used by school ${owner} (its ${slugOwner[0]})`,
      );
  }
  for (const [name, value] of [
    ['service name', fields.baseName],
    ['school name', fields.schoolName],
    ['school short name', fields.schoolShort],
    ['fan base name', fields.mascotNation],
    ['mascot', fields.mascot],
    ['mascot (plural)', fields.mascotPlural],
    ['city', fields.city],
    ['state', fields.state],
  ] as const) {
    if (blank(value)) errors.push(`${name} must not be empty`);
  }
  for (const [name, colour] of [
    ['primary colour', fields.primaryColor],
    ['secondary colour', fields.secondaryColor],
  ] as const) {
    if (colour && !HEX.test(colour.hex))
      errors.push(`${name} "${colour.hex}" must be a #rrggbb hex value`);
    if (colour && !colour.name.trim()) errors.push(`${name} needs a name`);
  }
  return [...new Set(errors)];
}

/** The id a copied document gets: the template key in front swapped for the new one, else the type and a number. */
function newIdMaker(templateKey: string, newKey: string) {
  const used = new Set<string>();
  const counts = new Map<string, number>();
  return (doc: ContentDocument): string => {
    const prefix = `${templateKey}-`;
    let id = doc._id.startsWith(prefix) ? `${newKey}-${doc._id.slice(prefix.length)}` : '';
    while (!id || used.has(id)) {
      const count = (counts.get(doc._type) ?? 0) + 1;
      counts.set(doc._type, count);
      id = `${newKey}-${doc._type}-copy${count}`;
    }
    used.add(id);
    return id;
  };
}

function assetOf(value: Record<string, unknown>): string | undefined {
  if (typeof value._sanityAsset === 'string') return value._sanityAsset;
  const asset = value.asset;
  const ref =
    asset && typeof asset === 'object' ? (asset as Record<string, unknown>)._ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
}

/** The image file or asset of an image object; undefined for anything else. */
export const imageAssetOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? assetOf(value as Record<string, unknown>)
    : undefined;

interface CopyRules {
  text: (text: string) => string;
  images: ReadonlyMap<string, ImageAsset>;
  references: ReadonlyMap<string, string>;
}

/** A deep copy with text words swapped, images replaced and references re-pointed. */
function copyValue(value: unknown, rules: CopyRules): unknown {
  if (typeof value === 'string') return rules.text(value);
  if (Array.isArray(value)) return value.map((item) => copyValue(item, rules));
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record._ref === 'string' && rules.references.has(record._ref))
    return { ...record, _ref: rules.references.get(record._ref) };
  const asset = assetOf(record);
  const replacement = asset === undefined ? undefined : rules.images.get(asset);
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) {
    // A replaced image keeps its alt text but not the template image's crop and hotspot.
    if (replacement && ['_sanityAsset', 'asset', 'crop', 'hotspot'].includes(key)) continue;
    // Sanity's own fields (`_type`, `_key`, asset ids) are not text to reword.
    copy[key] = key.startsWith('_') ? inner : copyValue(inner, rules);
  }
  return replacement ? { ...copy, ...replacement } : copy;
}

/** The document without Sanity's bookkeeping and without the template's own values (its plan ids). */
function copiable(doc: ContentDocument): ContentDocument {
  const own = new Set(ownFieldsOf(doc._type));
  return Object.fromEntries(
    Object.entries(doc).filter(([key]) => !SYSTEM_FIELDS.has(key) && !own.has(key)),
  ) as ContentDocument;
}

/**
 * The new school's `school` document and a copy of each of the template's per-school documents
 * (published ones; drafts are the template editors' unfinished work), as the header says.
 */
export function newSchoolFromTemplate(template: SchoolSet, fields: NewSchoolFields): SchoolSet {
  const templateKey = String(template.school.key);
  const schoolId = `school-${fields.key}`;
  const given = Object.fromEntries(
    Object.entries({
      baseName: fields.baseName,
      schoolName: fields.schoolName,
      schoolShort: fields.schoolShort,
      mascotNation: fields.mascotNation,
      mascot: fields.mascot,
      mascotPlural: fields.mascotPlural,
      city: fields.city,
      state: fields.state,
      primaryColor: fields.primaryColor,
      secondaryColor: fields.secondaryColor,
    }).filter(([, value]) => value !== undefined),
  );
  // The new school's names: the given ones, the template's for the rest (the content check lists those).
  const identity = {
    ...template.school,
    ...given,
    key: fields.key,
    seoSlug: fields.seoSlug,
    legacyAliases: [],
  };
  const templateLogo = imageAssetOf(template.school.logo);
  const rules: CopyRules = {
    text: termReplacer(termReplacements(template.school, identity)),
    images: new Map(fields.logo && templateLogo ? [[templateLogo, fields.logo]] : []),
    references: new Map([[String(template.school._id).replace(/^drafts\./, ''), schoolId]]),
  };
  const school = {
    ...(copyValue(copiable(template.school), rules) as ContentDocument),
    ...given,
    _id: schoolId,
    key: fields.key,
    seoSlug: fields.seoSlug,
    // Old addresses belong to the template school; a new school has none.
    legacyAliases: [],
    status: PREPARING,
    templateSchool: templateKey,
  } as ContentDocument;
  const newId = newIdMaker(templateKey, fields.key);
  const documents = template.documents
    .filter((doc) => isPublished(doc._id) && !isProductId(doc._id))
    .map((doc) => ({
      ...(copyValue(copiable(doc), rules) as ContentDocument),
      _id: newId(doc),
    }));
  return { school, documents };
}
