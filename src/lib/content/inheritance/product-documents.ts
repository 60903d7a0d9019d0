/**
 * The product layer's documents. Every per-school type has one product document per variant (a
 * plan page's audience, a partner banner's number, a broadband label's plan), of the same `_type`
 * as the schools' documents and written with the school's words as placeholders; a school's
 * document of that type and variant holds only what the school overrides.
 *
 * A product document is known by its id, `product-<type>[-<variant>]` (`product-faqs`,
 * `product-planCards-fan`, `product-broadbandFacts-4`): derived from its type and variant, so there
 * is exactly one per variant and any tool can name it, and never by a missing school reference (a
 * school's document that lost its reference stays a school's document with a problem). No dots:
 * Sanity keeps ids with dots private. Drafts (`drafts.<id>`) and release versions
 * (`versions.<release>.<id>`) of a product document are product documents too.
 * Dependency-free: the Studio bundles it.
 */
import { layerOf } from '../perspective.ts';

export const PRODUCT_ID_PREFIX = 'product-';

/**
 * Every per-school type, each inherited from its product document (the keys of
 * `tenantDocumentSchemas` in schemas.ts; a unit test holds the two equal).
 */
export const INHERITED_TYPES = [
  'landingHeader',
  'partnerBanner',
  'landingPerks',
  'howItWorks',
  'choosePlans',
  'missionRows',
  'faqs',
  'planPageHeader',
  'planCards',
  'broadbandFacts',
  'perkSection',
  'switchSection',
  'whyHero',
  'givebackFunds',
  'howItWorksMath',
  'whyPerks',
  'whyPlans',
  'giveawayForm',
  'giveawayConfirmation',
  'giveawayClosed',
  'giveawaysBanner',
  'coverageMapPage',
  'pressRelease',
  'internationalDialing',
  'headerNav',
  'footer',
  'loginModal',
] as const;
export type InheritedType = (typeof INHERITED_TYPES)[number];

/**
 * The field that says which variant a document is, for types a school has several of. It names the
 * document (it is never inherited): a school's `planCards` with `customerType: "student"` inherits
 * from `product-planCards-student`; a broadband label's `order` (1–9: fan, student, faculty plans,
 * three each) names its plan.
 */
export const VARIANT_FIELDS: Readonly<Partial<Record<InheritedType, string>>> = {
  partnerBanner: 'bannerNumber',
  planPageHeader: 'customerType',
  planCards: 'customerType',
  broadbandFacts: 'order',
};

/** The field of a school's document that lists the lists it owns whole (paths.ts). */
export const OWNED_LISTS_FIELD = 'ownedLists';

export type Variant = string | number;
type Doc = Record<string, unknown>;

const INHERITED = new Set<string>(INHERITED_TYPES);

export const isInheritedType = (type: unknown): type is InheritedType =>
  typeof type === 'string' && INHERITED.has(type);

export const variantField = (type: string): string | undefined =>
  VARIANT_FIELDS[type as InheritedType];

/** A document's variant: its variant field's value (undefined for a type with one document a school). */
export function variantOf(doc: Doc): Variant | undefined {
  const field = variantField(String(doc._type));
  const value = field === undefined ? undefined : doc[field];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** The id of the product document of a type and variant. */
export function productDocumentId(type: string, variant?: Variant): string {
  return `${PRODUCT_ID_PREFIX}${type}${variant === undefined ? '' : `-${variant}`}`;
}

/** The product document a document inherits from (or, for a product document, the id it must have). */
export const productIdOf = (doc: Doc): string =>
  productDocumentId(String(doc._type), variantOf(doc));

/** Whether an id (published, draft or release version) is a product document's. */
export function isProductId(id: unknown): boolean {
  if (typeof id !== 'string') return false;
  return layerOf(id)?.publishedId.startsWith(PRODUCT_ID_PREFIX) ?? false;
}

export const isProductDocument = (doc: unknown): boolean =>
  Boolean(doc && typeof doc === 'object' && isProductId((doc as Doc)._id));

/** A school's document of an inherited type: what it lacks, it inherits. */
export const isSchoolOverrides = (doc: unknown): boolean =>
  Boolean(
    doc &&
    typeof doc === 'object' &&
    isInheritedType((doc as Doc)._type) &&
    !isProductId((doc as Doc)._id),
  );

/** "planCards (customerType student)", for messages. */
export function describeVariant(type: string, variant: Variant | undefined): string {
  const field = variantField(type);
  return field === undefined
    ? type
    : `${type} (${field} ${variant === undefined ? 'not set' : String(variant)})`;
}

/**
 * Why a product document cannot be used, or undefined: its id must be the one its type and variant
 * give (so no two product documents claim one variant), and it belongs to no school.
 */
export function productDocumentProblem(doc: Doc): string | undefined {
  const id = layerOf(String(doc._id))?.publishedId ?? String(doc._id);
  if (!isInheritedType(doc._type))
    return `${String(doc._type)} is not a per-school type: no product document of it is read`;
  const expected = productIdOf(doc);
  if (id !== expected)
    return `a product document of ${describeVariant(String(doc._type), variantOf(doc))} has the id ${expected}, not ${id}`;
  return undefined;
}
