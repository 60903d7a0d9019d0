/**
 * The Studio refuses what the build refuses. A per-school type has two kinds of document (the
 * product layer, src/lib/content/inheritance/): its product document, which must be complete, and
 * a school's, where an empty field inherits the product's value, except inside a list the school
 * owns whole. For every type, one product document, one school's document written whole (every
 * value its own) and, where a school owns a list of that type, that school's document written
 * whole; for the registry and the settings, their bundled document. Each field (and each field of
 * the first item of every list) is removed, blanked, given a script link, or (per-school types)
 * an unknown placeholder; the Studio must report an error exactly when the build (groupContent:
 * the resolution, zod, the link guard, the press-release sections) reports a problem with that
 * document or stops.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import { ContentError, groupContent } from '../../src/lib/content/group.ts';
import {
  OWNED_LISTS_FIELD,
  isProductId,
  ownedListsOf,
  productIdOf,
  resolveDocument,
  schoolWords,
} from '../../src/lib/content/inheritance/index.ts';
import { splitBuildContent } from '../../src/lib/content/queries.ts';
import { isAllowedLink as buildAllowsLink } from '../../src/lib/content/link-guard.ts';
import { isAllowedLink as studioAllowsLink } from '../schemaTypes/fields.ts';
import { studioErrors } from './studio-validation.ts';

type Doc = Record<string, unknown>;
// The published documents, as the build reads them (the dataset also holds a scheduled draft).
const documents = applyPerspective(
  readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc),
  'published',
) as Doc[];
const ids = new Set(documents.map((doc) => String(doc._id)));
const LINK_FIELD = /(link|url|href|path|fragment)$/i;
const settings = documents.find((doc) => doc._type === 'siteSettings')!;
const schools = documents.filter((doc) => doc._type === 'school');
const schoolOf = (doc: Doc) =>
  schools.find((school) => school._id === (doc.school as { _ref?: string } | undefined)?._ref)!;
const productOf = (doc: Doc) => documents.find((other) => other._id === productIdOf(doc));

/** A school's document with every value written (what it shows), its owned lists kept. */
function writtenWhole(doc: Doc): Doc {
  const whole = resolveDocument({
    product: productOf(doc),
    override: doc,
    words: schoolWords(schoolOf(doc)),
  }).document;
  const owned = ownedListsOf(doc);
  return owned.size ? { ...whole, [OWNED_LISTS_FIELD]: [...owned] } : whole;
}

interface Sample {
  label: string;
  doc: Doc;
  /** What the build reads beside it. */
  context: Doc[];
  school: Doc;
}

const types = [...new Set(documents.map((doc) => String(doc._type)))];
const live = schools.find((school) => school.status === undefined)!;
const samples: Sample[] = types.flatMap((type): Sample[] => {
  const ofType = documents.filter((doc) => doc._type === type);
  if (type === 'school' || type === 'siteSettings') {
    const doc = ofType[0];
    return [{ label: type, doc, context: [], school: live }];
  }
  // The product document, read by a school that has no document of the type (it shows it alone).
  const product = ofType.find((doc) => isProductId(doc._id))!;
  const own = ofType.filter((doc) => !isProductId(doc._id) && schoolOf(doc)?.status !== 'retired');
  const owner = own.find((doc) => ownedListsOf(doc).size > 0);
  const school = (doc: Doc): Sample => ({
    label: `${type} (${String(doc._id)}, written whole)`,
    doc: writtenWhole(doc),
    context: [productOf(doc)!],
    school: schoolOf(doc),
  });
  return [
    { label: `${type} (${String(product._id)})`, doc: product, context: [], school: live },
    school(own[0]),
    ...(owner ? [school(owner)] : []),
  ];
});

function buildRefuses({ doc, context, school }: Sample, variant: Doc): boolean {
  const registry =
    doc._type === 'school' ? schools.filter((other) => other._id !== doc._id) : [school];
  const raw = splitBuildContent([
    ...(doc._type === 'siteSettings' ? [] : [settings]),
    ...registry,
    ...context,
    variant,
  ] as never);
  try {
    return groupContent(raw).problems.some((problem) => problem.documentId === variant._id);
  } catch (error) {
    if (error instanceof ContentError) return true;
    throw error;
  }
}

interface Variant {
  label: string;
  doc: Doc;
}

/** Copies of `doc` with one field changed, at every field path the document has. */
function variants(doc: Doc): Variant[] {
  const result: Variant[] = [];
  const inherited = doc._type !== 'school' && doc._type !== 'siteSettings';
  const visit = (path: (string | number)[], value: unknown, isImage: boolean) => {
    const key = path.at(-1);
    const edit = (
      label: string,
      change: (parent: Record<string | number, unknown>, last: string | number) => void,
    ) => {
      const copy = structuredClone(doc);
      let parent = copy as Record<string | number, unknown>;
      for (const step of path.slice(0, -1))
        parent = parent[step] as Record<string | number, unknown>;
      change(parent, key!);
      result.push({ label: `${path.join('.')} ${label}`, doc: copy });
    };
    if (
      typeof key === 'string' &&
      !key.startsWith('_') &&
      !(isImage && ['asset', 'crop', 'hotspot'].includes(key))
    )
      edit('removed', (parent, last) => delete parent[last]);
    if (typeof value === 'string' && !String(key).startsWith('_')) {
      edit('blank', (parent, last) => {
        parent[last] = '   ';
      });
      if (typeof key === 'string' && LINK_FIELD.test(key))
        edit('javascript: link', (parent, last) => {
          parent[last] = 'javascript:alert(1)';
        });
      if (inherited)
        edit('unknown placeholder', (parent, last) => {
          parent[last] = `${value} {notASchoolWord}`;
        });
    }
    if (Array.isArray(value) && value.length) visit([...path, 0], value[0], false);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Doc;
      const image = typeof record._sanityAsset === 'string';
      for (const [inner, innerValue] of Object.entries(record))
        if (!inner.startsWith('_')) visit([...path, inner], innerValue, image);
    }
  };
  for (const [key, value] of Object.entries(doc))
    // Which lists a school owns is read against its product document, which the Studio's rules do
    // not fetch: a list named wrongly is reported by the build (items left out), not refused here.
    if (!key.startsWith('_') && key !== OWNED_LISTS_FIELD) visit([key], value, false);
  return result;
}

describe('Studio rules agree with what the build accepts', () => {
  it('covers every type, with a product document and a school’s of each per-school type', () => {
    expect(new Set(samples.map((sample) => sample.doc._type))).toEqual(new Set(types));
    expect(samples.filter((sample) => isProductId(sample.doc._id))).toHaveLength(types.length - 2);
    // The lists schools own in the bundled dataset: another fund list, and empty lists.
    expect(
      samples.filter((sample) => sample.doc[OWNED_LISTS_FIELD]).map((sample) => sample.label),
    ).toEqual([
      'givebackFunds (beavsmobile-givebackFunds, written whole)',
      'giveawayForm (utesmobile-giveawayForm, written whole)',
      'pressRelease (bearsmobile-pressRelease, written whole)',
    ]);
  });

  for (const sample of samples) {
    it(`${sample.label}: the Studio refuses exactly the changes the build refuses`, async () => {
      expect(buildRefuses(sample, sample.doc), 'the unchanged document').toBe(false);
      expect(await studioErrors(sample.doc, ids), 'the unchanged document').toEqual([]);
      const disagreements: string[] = [];
      for (const { label, doc } of variants(sample.doc)) {
        const build = buildRefuses(sample, doc);
        const studio = (await studioErrors(doc, ids)).length > 0;
        if (build !== studio)
          disagreements.push(
            `${label}: build ${build ? 'refuses' : 'accepts'}, Studio ${studio ? 'refuses' : 'accepts'}`,
          );
      }
      expect(disagreements).toEqual([]);
    });
  }

  it('accepts exactly the links the build keeps', () => {
    const samplesOfLinks = [
      'https://a.example/x',
      'http://a.example',
      'mailto:a@b.example',
      'tel:+15555550100',
      '/search',
      '#faqs',
      'why',
      'fan-plans',
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'https://',
      'ftp://a.example',
      'a b',
      '',
      '   ',
      'vbscript:x',
    ];
    expect(samplesOfLinks.map((link) => studioAllowsLink(link))).toEqual(
      samplesOfLinks.map((link) => buildAllowsLink(link)),
    );
  });
});
