/**
 * The Studio refuses what the build refuses. For one bundled document of every type, each field
 * (and each field of the first item of every list) is removed, blanked, or given a script link;
 * the Studio must report an error exactly when the build (groupContent: zod, the link guard, the
 * press-release sections) reports a problem with that document or stops.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import { ContentError, groupContent } from '../../src/lib/content/group.ts';
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

/** One document of each type (the first in the dataset: a live school's, which the build reads). */
const samples = documents.filter(
  (doc, index) => documents.findIndex((other) => other._type === doc._type) === index,
);

function buildRefuses(variant: Doc): boolean {
  const others = documents.filter((doc) => doc._id !== variant._id);
  const raw = splitBuildContent([
    ...others.filter((doc) => doc._type === 'school' || doc._type === 'siteSettings'),
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
    if (!key.startsWith('_')) visit([key], value, false);
  return result;
}

describe('Studio rules agree with what the build accepts', () => {
  it('covers every type', () => {
    expect(samples.length).toBe(new Set(documents.map((doc) => doc._type)).size);
  });

  for (const sample of samples) {
    it(`${String(sample._type)}: the Studio refuses exactly the changes the build refuses`, async () => {
      expect(buildRefuses(sample), 'the unchanged document').toBe(false);
      const disagreements: string[] = [];
      for (const { label, doc } of variants(sample)) {
        const build = buildRefuses(doc);
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
