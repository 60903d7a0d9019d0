/**
 * Old addresses: the Studio refuses exactly the aliases the build leaves out of _redirects (and
 * reports), with the same rule (src/lib/route-table/legacy-aliases.ts), including clashes with
 * other schools' addresses and old addresses read from the dataset.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupContent } from '../../src/lib/content/group.ts';
import { splitBuildContent } from '../../src/lib/content/queries.ts';
import { studioErrors } from './studio-validation.ts';

type Doc = Record<string, unknown>;
const documents = readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Doc);
const ids = new Set(documents.map((doc) => String(doc._id)));
const beavs = documents.find((doc) => doc._id === 'school-beavsmobile')!;

function withAliases(legacyAliases: string[]): Doc {
  return { ...structuredClone(beavs), legacyAliases };
}

function buildReports(variant: Doc): string[] {
  const raw = splitBuildContent([
    ...documents.filter((doc) => doc._id !== variant._id),
    variant,
  ] as never);
  return groupContent(raw)
    .problems.filter((problem) => problem.documentId === variant._id)
    .map((problem) => problem.reason);
}

describe('old addresses (legacy aliases)', () => {
  const cases: Array<[label: string, aliases: string[]]> = [
    ['a clean alias', ['beavsmobile', 'gobeavs']],
    ['a space', ['beavs mobile']],
    ['a slash', ['beavs/mobile']],
    ['capitals', ['BeavsMobile']],
    ['a segment the site serves', ['search']],
    ['a sitemap name', ['sitemap-1']],
    ["another school's address", ['uw-husky-mobile']],
    ["another school's old address", ['gohuskymobile']],
    ["the school's own address", ['osu-beavs-mobile']],
    ['the same alias twice', ['beavsmobile', 'beavsmobile']],
  ];

  for (const [label, aliases] of cases) {
    it(`${label}: the Studio refuses it exactly when the build reports it`, async () => {
      const doc = withAliases(aliases);
      const build = buildReports(doc);
      const studio = await studioErrors(doc, ids);
      expect(build.length > 0, 'the build reports it').toBe(label !== 'a clean alias');
      expect(
        studio.length > 0,
        `build: ${build.join('; ') || 'accepts'}; Studio: ${studio.map((marker) => marker.message).join('; ') || 'accepts'}`,
      ).toBe(build.length > 0);
    });
  }

  it("names the other school when an alias is that school's old address", async () => {
    const messages = (await studioErrors(withAliases(['gohuskymobile']), ids)).map(
      (marker) => marker.message,
    );
    expect(messages.join(' ')).toContain(
      '"gohuskymobile" is also an old address of school huskymobile',
    );
  });
});

describe("the school's address (seo slug)", () => {
  it("the Studio refuses an address the site serves itself with the build's words, and the build refuses it too", async () => {
    const doc: Doc = { ...structuredClone(beavs), seoSlug: 'search' };
    const messages = (await studioErrors(doc, ids)).map((marker) => marker.message);
    expect(messages.join(' ')).toContain('"search" is an address the site serves itself (/search)');
    const raw = splitBuildContent([
      ...documents.filter((other) => other._id !== doc._id),
      doc,
    ] as never);
    expect(() => groupContent(raw)).toThrow(
      /seoSlug: "search" is an address the site serves itself/,
    );
  });

  it('accepts a new address of the usual form', async () => {
    expect(
      await studioErrors(
        { ...structuredClone(beavs), seoSlug: 'oregon-state-beavers-mobile' },
        ids,
      ),
    ).toEqual([]);
  });
});
