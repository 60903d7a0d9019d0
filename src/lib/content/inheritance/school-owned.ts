/**
 * What a school must own, never inherit from the product documents nor copy from another school:
 * on its `school` document the names its placeholders are filled with (school-terms.ts), its two
 * brand colours and its logo; on each broadband label its FCC unique plan id (a plan the FCC knows
 * is one school's plan, unique across all labels). A new school made from a template starts
 * without the template's plan ids (new-school/from-template.ts); the content check lists what a
 * school being prepared still lacks (`lacksOfOwn`). Dependency-free: the Studio bundles it.
 */
import { PLACEHOLDER_FIELDS } from './placeholders.ts';
import { colourHex } from './school-terms.ts';
import {
  describeVariant,
  isProductId,
  productDocumentId,
  variantOf,
  type InheritedType,
} from './product-documents.ts';
import { hasPicture, isRecord, type Doc } from './values.ts';

/** The school document's fields a school must fill itself: its words (names and colours, every placeholder) and its logo. */
export const OWN_SCHOOL_FIELDS = [...PLACEHOLDER_FIELDS, 'logo'] as const;
export type OwnSchoolField = (typeof OWN_SCHOOL_FIELDS)[number];

/** Fields of a per-school type that each school writes in its own document (never the product's, never a template's), with the words an editor knows them by. */
export const OWN_FIELDS: Readonly<
  Partial<Record<InheritedType, Readonly<Record<string, string>>>>
> = { broadbandFacts: { uniquePlanId: 'FCC plan id' } };

export const ownFieldsOf = (type: string): readonly string[] =>
  Object.keys(OWN_FIELDS[type as InheritedType] ?? {});

/** The words an editor knows each field by. */
const FIELD_WORDS: Record<OwnSchoolField, string> = {
  schoolName: 'school name',
  baseName: 'service name',
  mascotNation: 'fan base name',
  mascotPlural: 'mascot (plural)',
  mascot: 'mascot',
  schoolShort: 'short name',
  city: 'city',
  key: 'key',
  seoSlug: 'seo slug',
  primaryColor: 'primary colour',
  secondaryColor: 'secondary colour',
  logo: 'logo',
};

export interface LackOfOwn {
  documentType: string;
  /** The school's document to write it in; `-` when the school has no document of that variant. */
  documentId: string;
  field: string;
  message: string;
}

const blank = (value: unknown) => typeof value !== 'string' || !value.trim();

function hasOwn(school: Doc, field: OwnSchoolField): boolean {
  if (field === 'primaryColor' || field === 'secondaryColor')
    return colourHex(school, field) !== undefined;
  if (field === 'logo') return isRecord(school.logo) && hasPicture(school.logo);
  return !blank(school[field]);
}

/**
 * What a school still lacks of its own: each name, colour or logo its school document has no value
 * for, and each broadband label (one per product label) without a plan id of the school's own.
 * `own`: the documents referencing the school; `products`: the product documents.
 */
export function lacksOfOwn(
  school: Doc,
  own: readonly Doc[],
  products: readonly Doc[],
): LackOfOwn[] {
  const lacks: LackOfOwn[] = [];
  for (const field of OWN_SCHOOL_FIELDS)
    if (!hasOwn(school, field))
      lacks.push({
        documentType: 'school',
        documentId: String(school._id),
        field,
        message:
          field === 'primaryColor' || field === 'secondaryColor'
            ? `no ${FIELD_WORDS[field]} of its own yet: the theme uses the tenant record's, else the fallback colour`
            : `no ${FIELD_WORDS[field]} of its own yet`,
      });
  const mine = own.filter((doc) => !isProductId(doc._id));
  for (const product of products) {
    const type = String(product._type);
    const variant = variantOf(product);
    const documents = mine.filter((doc) => doc._type === type && variantOf(doc) === variant);
    const productId = productDocumentId(type, variant);
    for (const [field, words] of Object.entries(OWN_FIELDS[type as InheritedType] ?? {})) {
      if (documents.some((doc) => !blank(doc[field]))) continue;
      const [first] = documents;
      lacks.push({
        documentType: type,
        documentId: first ? String(first._id) : '-',
        field,
        message: first
          ? `no ${words} of its own yet: it shows ${productId}'s`
          : `no ${words} of its own yet: it has no ${describeVariant(type, variant)} document and shows ${productId}'s`,
      });
    }
  }
  return lacks;
}
