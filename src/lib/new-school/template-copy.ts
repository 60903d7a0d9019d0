/**
 * What a school made from a template still carries of the template school: text an editor has not
 * rewritten, text naming the template school, and the template's images. Text every other school
 * also has (with its own names in it, e.g. "Why {service name}?") is the product's shared copy, not
 * the template's, and is not listed. Pure: the content check runs it on the grouped content.
 */
import { imageAssetOf, type SchoolSet } from './from-template.ts';
import { schoolTermsRemover, templateTermsIn } from '../content/inheritance/school-terms.ts';

export interface TemplateCopy {
  documentType: string;
  documentId: string;
  /** Dotted path, list items by position: `faqs.0.answer`. */
  field: string;
  message: string;
}

/** School document fields that are the school's own by definition; equal to the template's means not yet filled in. */
const OWN_SCHOOL_FIELDS = new Set([
  'baseName',
  'schoolName',
  'schoolShort',
  'mascotNation',
  'mascot',
  'mascotPlural',
]);
/** School document fields a new school may share with its template (the same city) or that are not copy. */
const SKIPPED_SCHOOL_FIELDS = new Set([
  'key',
  'seoSlug',
  'legacyAliases',
  'status',
  'templateSchool',
  'city',
  'state',
  'giveawayEntryRedirect',
]);

type Leaf = { path: string; text: string } | { path: string; image: string };

function* leaves(value: unknown, path: string[] = []): Generator<Leaf> {
  if (typeof value === 'string') {
    if (value.trim()) yield { path: path.join('.'), text: value };
    return;
  }
  const image = imageAssetOf(value);
  if (image !== undefined) {
    yield { path: path.join('.'), image };
    // Its alt text is copy too.
    const alt = (value as Record<string, unknown>).alt;
    if (typeof alt === 'string' && alt.trim())
      yield { path: [...path, 'alt'].join('.'), text: alt };
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* leaves(item, [...path, String(index)]);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      // Sanity's own fields and the school reference are not copy.
      if (key.startsWith('_') || key === 'school') continue;
      yield* leaves(inner, [...path, key]);
    }
  }
}

/** Which schools (at most 3 per entry: enough to tell "someone else") use each type's text, school words as placeholders, and each image. */
export interface CopyFingerprints {
  texts: Map<string, Map<string, string[]>>;
  images: Map<string, string[]>;
}

const OWNERS_KEPT = 3;

function addOwner(owners: Map<string, string[]>, value: string, key: string): void {
  const list = owners.get(value);
  if (!list) owners.set(value, [key]);
  else if (list.length < OWNERS_KEPT && !list.includes(key)) list.push(key);
}

/** Made once for all schools; `findTemplateCopy` leaves out the template and the school it checks. */
export function copyFingerprints(sets: readonly SchoolSet[]): CopyFingerprints {
  const texts = new Map<string, Map<string, string[]>>();
  const images = new Map<string, string[]>();
  for (const { school, documents } of sets) {
    const key = String(school.key);
    const sentence = schoolTermsRemover(school);
    for (const doc of [school, ...documents]) {
      let owners = texts.get(doc._type);
      if (!owners) texts.set(doc._type, (owners = new Map<string, string[]>()));
      for (const leaf of leaves(doc)) {
        if ('image' in leaf) addOwner(images, leaf.image, key);
        else addOwner(owners, sentence(leaf.text), key);
      }
    }
  }
  return { texts, images };
}

const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);

/**
 * Every field of `school` that still carries `template`'s text or images. `shared`: the copy of
 * the schools whose copy is the product's (`copyFingerprints` of the live schools; never of
 * schools still being prepared, whose copy may be a template's too). Copy only the template and
 * this school have is the template's.
 */
export function findTemplateCopy(
  school: SchoolSet,
  template: SchoolSet,
  shared: CopyFingerprints,
): TemplateCopy[] {
  const templateKey = String(template.school.key);
  const theirs = copyFingerprints([template]);
  const ourSentence = schoolTermsRemover(school.school);
  const notOurs = new Set([templateKey, String(school.school.key)]);
  const sharedBy = (owners: string[] | undefined) =>
    owners?.some((key) => !notOurs.has(key)) ?? false;
  const findings: TemplateCopy[] = [];
  for (const doc of [school.school, ...school.documents]) {
    const isSchoolDocument = doc === school.school;
    const add = (field: string, message: string) =>
      findings.push({ documentType: doc._type, documentId: doc._id, field, message });
    for (const leaf of leaves(doc)) {
      const topField = leaf.path.split('.')[0] ?? '';
      if (isSchoolDocument && SKIPPED_SCHOOL_FIELDS.has(topField)) continue;
      if ('image' in leaf) {
        if (theirs.images.has(leaf.image) && !sharedBy(shared.images.get(leaf.image)))
          add(
            leaf.path,
            `still the template school's image (${templateKey}): ${leaf.image.replace(/^image@file:\/\/\.\/images\//, '')}`,
          );
        continue;
      }
      if (isSchoolDocument && (OWN_SCHOOL_FIELDS.has(topField) || leaf.path.endsWith('.hex'))) {
        const templateValue = leaf.path
          .split('.')
          .reduce<unknown>(
            (value, key) => (value as Record<string, unknown> | undefined)?.[key],
            template.school,
          );
        if (templateValue === leaf.text)
          add(leaf.path, `still the template school's (${templateKey}): ${quote(leaf.text)}`);
        continue;
      }
      const names = templateTermsIn(leaf.text, template.school, school.school);
      if (names.length) {
        add(
          leaf.path,
          `names the template school (${templateKey}): ${names.map((name) => quote(name)).join(', ')}`,
        );
        continue;
      }
      const sentence = ourSentence(leaf.text);
      if (
        theirs.texts.get(doc._type)?.has(sentence) &&
        !sharedBy(shared.texts.get(doc._type)?.get(sentence))
      ) {
        add(leaf.path, `still the template school's text (${templateKey}): ${quote(leaf.text)}`);
      }
    }
  }
  return findings;
}
