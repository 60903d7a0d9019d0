/**
 * The build's one query returns everything in one pass and is ordered in memory: the result must
 * be what the three sorted GROQ sub-queries it replaced return.
 */
import { readFileSync } from 'node:fs';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { fetchRawBuildContent } from '../../../src/lib/content/index.ts';
import { createLocalSource, readNdjson } from '../../../src/lib/content/local.ts';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import { splitBuildContent } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';

const SORTED_IN_GROQ = `{
  "schools": *[_type == "school"] | order(seoSlug asc),
  "settings": *[_type == "siteSettings"][0],
  "documents": *[_type in $types] | order(_type asc, order asc, _id asc)
}`;

// As a build reads it: the published documents (the dataset also holds a scheduled draft).
const bundled = applyPerspective(
  readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson'),
  'published',
) as Array<Record<string, unknown>>;
const ids = (docs: unknown[]) => (docs as Array<{ _id: string }>).map((doc) => doc._id);

describe('the build content query', () => {
  it('gives the same schools, settings and document order as sorting in GROQ', async () => {
    // Shuffled, with some documents lacking `order` next to ones that have it.
    const dataset = [...bundled]
      .reverse()
      .map((doc, index) => (index % 7 === 0 ? { ...doc, order: index % 3 } : doc));
    const expected = (await (
      await evaluate(parse(SORTED_IN_GROQ), { dataset, params: { types: TENANT_DOCUMENT_TYPES } })
    ).get()) as { schools: unknown[]; settings: { _id: string }; documents: unknown[] };
    const actual = await fetchRawBuildContent(createLocalSource('src/dataset', dataset));
    expect(ids(actual.schools)).toEqual(ids(expected.schools));
    expect((actual.settings as { _id: string })._id).toBe(expected.settings._id);
    expect(ids(actual.documents)).toEqual(ids(expected.documents));
  });

  it('copes with an empty answer', () => {
    expect(splitBuildContent(null)).toEqual({ schools: [], settings: undefined, documents: [] });
  });
});
