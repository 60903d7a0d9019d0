import { applySourceDocuments, type ContentSourceMap } from '@sanity/client/csm';
import { describe, expect, it } from 'vitest';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import {
  clientPerspective,
  readPerspective,
  type ContentPerspective,
} from '../../../src/lib/content/perspective-name.ts';
import { contentPerspective, parseEnv } from '../../../src/lib/config/env.ts';

const published = { _id: 'a', _type: 'faqs', title: 'Published' };
const draft = { _id: 'drafts.a', _type: 'faqs', title: 'Draft' };
const draftOnly = { _id: 'drafts.b', _type: 'faqs', title: 'Draft only' };
const release = { _id: 'versions.r1.a', _type: 'faqs', title: 'In a release' };
const other = { _id: 'c', _type: 'whyHero', title: 'Untouched' };

describe('content perspectives', () => {
  it('published: drafts and release versions are not there', () => {
    expect(applyPerspective([published, draft, draftOnly, release, other], 'published')).toEqual([
      published,
      other,
    ]);
  });

  it('drafts: a draft replaces its published document under the published id; draft-only documents appear', () => {
    expect(applyPerspective([published, draft, draftOnly, release, other], 'drafts')).toEqual([
      { ...draft, _id: 'a', _originalId: 'drafts.a' },
      { ...draftOnly, _id: 'b', _originalId: 'drafts.b' },
      other,
    ]);
  });

  it('is published unless a preview is asked for, and never drafts in production', () => {
    expect(contentPerspective(parseEnv({}))).toBe('published');
    expect(contentPerspective({ CONTENT_PREVIEW: false, CONTEXT: 'deploy-preview' })).toBe(
      'published',
    );
    expect(contentPerspective({ CONTENT_PREVIEW: true, CONTEXT: 'deploy-preview' })).toBe('drafts');
    expect(contentPerspective({ CONTENT_PREVIEW: true, CONTEXT: 'branch-deploy' })).toBe('drafts');
    expect(contentPerspective(parseEnv({ CONTENT_PREVIEW: 'true' }))).toBe('drafts');
    expect(() => contentPerspective({ CONTENT_PREVIEW: true, CONTEXT: 'production' })).toThrow(
      /production never shows drafts/,
    );
  });

  it('refuses a preview setting that is not a yes or no', () => {
    expect(() => parseEnv({ CONTENT_PREVIEW: 'perhaps' })).toThrow(/CONTENT_PREVIEW/);
  });
});

/**
 * One dataset with every case a release stack meets, by published id:
 * - `only`: published only;           - `drafted`: published and a draft;
 * - `inA`: published, draft, a version in rA;
 * - `inBoth`: published, versions in rA and rB (rA's written first);
 * - `inBothDrafted`: a draft and versions in rB and rA (rB's written first);
 * - `created`: a version in rA only (created in the release);
 * - `deleted`: published and a draft, and rA marks it for unpublishing;
 * - `deletedThenChanged`: rA marks it for unpublishing, rB changes it.
 */
const dataset: Array<Record<string, unknown>> = [
  { _id: 'only', _type: 't', title: 'only published' },
  { _id: 'drafted', _type: 't', title: 'drafted published' },
  { _id: 'drafts.drafted', _type: 't', title: 'drafted draft' },
  { _id: 'inA', _type: 't', title: 'inA published' },
  { _id: 'drafts.inA', _type: 't', title: 'inA draft' },
  { _id: 'versions.rA.inA', _type: 't', title: 'inA rA' },
  { _id: 'inBoth', _type: 't', title: 'inBoth published' },
  { _id: 'versions.rA.inBoth', _type: 't', title: 'inBoth rA' },
  { _id: 'versions.rB.inBoth', _type: 't', title: 'inBoth rB' },
  { _id: 'drafts.inBothDrafted', _type: 't', title: 'inBothDrafted draft' },
  { _id: 'versions.rB.inBothDrafted', _type: 't', title: 'inBothDrafted rB' },
  { _id: 'versions.rA.inBothDrafted', _type: 't', title: 'inBothDrafted rA' },
  { _id: 'versions.rA.created', _type: 't', title: 'created rA' },
  { _id: 'deleted', _type: 't', title: 'deleted published' },
  { _id: 'drafts.deleted', _type: 't', title: 'deleted draft' },
  {
    _id: 'versions.rA.deleted',
    _type: 't',
    title: 'deleted: marked for unpublishing',
    _system: { delete: true },
  },
  { _id: 'deletedThenChanged', _type: 't', title: 'deletedThenChanged published' },
  {
    _id: 'versions.rA.deletedThenChanged',
    _type: 't',
    title: 'deletedThenChanged: marked for unpublishing',
    _system: { delete: true },
  },
  { _id: 'versions.rB.deletedThenChanged', _type: 't', title: 'deletedThenChanged rB' },
];
const ids = [
  'only',
  'drafted',
  'inA',
  'inBoth',
  'inBothDrafted',
  'created',
  'deleted',
  'deletedThenChanged',
];

/** Expected title per id (undefined: the document is not there), per perspective. */
const table: Array<[string, Record<string, string | undefined>]> = [
  [
    'published',
    {
      only: 'only published',
      drafted: 'drafted published',
      inA: 'inA published',
      inBoth: 'inBoth published',
      inBothDrafted: undefined,
      created: undefined,
      deleted: 'deleted published',
      deletedThenChanged: 'deletedThenChanged published',
    },
  ],
  [
    'drafts',
    {
      only: 'only published',
      drafted: 'drafted draft',
      inA: 'inA draft',
      inBoth: 'inBoth published',
      inBothDrafted: 'inBothDrafted draft',
      created: undefined,
      deleted: 'deleted draft',
      deletedThenChanged: 'deletedThenChanged published',
    },
  ],
  [
    'rA,drafts',
    {
      only: 'only published',
      drafted: 'drafted draft',
      inA: 'inA rA',
      inBoth: 'inBoth rA',
      inBothDrafted: 'inBothDrafted rA',
      created: 'created rA',
      deleted: undefined,
      deletedThenChanged: undefined,
    },
  ],
  [
    'rB,drafts',
    {
      only: 'only published',
      drafted: 'drafted draft',
      inA: 'inA draft',
      inBoth: 'inBoth rB',
      inBothDrafted: 'inBothDrafted rB',
      created: undefined,
      deleted: 'deleted draft',
      deletedThenChanged: 'deletedThenChanged rB',
    },
  ],
  [
    'rA,rB,drafts',
    {
      only: 'only published',
      drafted: 'drafted draft',
      inA: 'inA rA',
      inBoth: 'inBoth rA',
      inBothDrafted: 'inBothDrafted rA',
      created: 'created rA',
      deleted: undefined,
      deletedThenChanged: undefined,
    },
  ],
  [
    'rB,rA,drafts',
    {
      only: 'only published',
      drafted: 'drafted draft',
      inA: 'inA rA',
      inBoth: 'inBoth rB',
      inBothDrafted: 'inBothDrafted rB',
      created: 'created rA',
      deleted: undefined,
      deletedThenChanged: 'deletedThenChanged rB',
    },
  ],
  // A release with no versions in this dataset: the stack shows what drafts shows.
  [
    'rGone,drafts',
    {
      only: 'only published',
      drafted: 'drafted draft',
      inA: 'inA draft',
      inBoth: 'inBoth published',
      inBothDrafted: 'inBothDrafted draft',
      created: undefined,
      deleted: 'deleted draft',
      deletedThenChanged: 'deletedThenChanged published',
    },
  ],
];

const perspectiveOf = (name: string): ContentPerspective => readPerspective(name).perspective;

function titlesBy(perspective: ContentPerspective): Record<string, string | undefined> {
  const shown = applyPerspective(dataset, perspective) as Array<Record<string, unknown>>;
  return Object.fromEntries(
    ids.map((id) => [id, shown.find((doc) => doc._id === id)?.title as string | undefined]),
  );
}

/**
 * The same question asked of Sanity's own resolver: `applySourceDocuments` (@sanity/client/csm),
 * which the overlays' optimistic updates use, finds the document a perspective shows for each
 * published id (releases in stack order, then drafts, then published). A field it cannot source
 * keeps the result's value, here a marker meaning "not there".
 */
const NOT_THERE = '(not there)';
function sanityResolverTitle(id: string, perspective: ContentPerspective): string | undefined {
  const map: ContentSourceMap = {
    documents: [{ _id: id, _type: 't' }],
    paths: ["$['title']"],
    mappings: {
      "$['title']": { type: 'value', source: { type: 'documentValue', document: 0, path: 0 } },
    },
  };
  const byId = new Map(dataset.map((doc) => [doc._id as string, doc]));
  const result = applySourceDocuments(
    { title: NOT_THERE },
    map,
    (source) => byId.get(source._id) as never,
    (changed) => changed,
    clientPerspective(perspective) as never,
  );
  return result.title === NOT_THERE ? undefined : result.title;
}

describe('release stacks over the bundled export', () => {
  for (const [name, expected] of table) {
    it(`${name}: the leftmost release's version wins, then the draft, then the published document`, () => {
      expect(titlesBy(perspectiveOf(name))).toEqual(expected);
    });
  }

  it("agrees with Sanity's own resolver (@sanity/client/csm) on every document not marked for unpublishing", () => {
    for (const [name] of table) {
      const perspective = perspectiveOf(name);
      const ours = titlesBy(perspective);
      for (const id of ids) {
        const fromSanity = sanityResolverTitle(id, perspective);
        // The resolver picks the winning version; an unpublish marker on it (`_system.delete`, the
        // Studio's isGoingToUnpublish) then leaves the document out, which the resolver does not model.
        if (fromSanity?.endsWith('marked for unpublishing')) {
          expect(ours[id], `${name} ${id}`).toBeUndefined();
          continue;
        }
        expect(ours[id], `${name} ${id}`).toBe(fromSanity);
      }
    }
  });

  it('shows a version under the published id, its own id in _originalId, in the place of its first version', () => {
    const shown = applyPerspective(dataset, perspectiveOf('rA,drafts')) as Array<
      Record<string, unknown>
    >;
    expect(shown.find((doc) => doc._id === 'inA')).toEqual({
      _id: 'inA',
      _type: 't',
      title: 'inA rA',
      _originalId: 'versions.rA.inA',
    });
    expect(shown.map((doc) => doc._id)).toEqual([
      'only',
      'drafted',
      'inA',
      'inBoth',
      'inBothDrafted',
      'created',
    ]);
    // Published documents are the dataset's own objects.
    expect(shown[0]).toBe(dataset[0]);
  });

  it('shows a release document (`_.releases.…`) to a release stack only', () => {
    const release = {
      _id: '_.releases.rA',
      _type: 'system.release',
      name: 'rA',
      metadata: { title: 'Launch' },
    };
    const withRelease = [release, ...dataset];
    expect(applyPerspective(withRelease, 'published')).not.toContainEqual(release);
    expect(applyPerspective(withRelease, 'drafts')).not.toContainEqual(release);
    expect(applyPerspective(withRelease, perspectiveOf('rA,drafts'))[0]).toBe(release);
  });

  it('ignores ids that name no document of any perspective, and keeps documents without an id', () => {
    const odd = [
      { _id: 'versions.', _type: 't' },
      { _id: 'versions.rA', _type: 't' },
      { _id: 'versions.rA.', _type: 't' },
      { _type: 't', title: 'no id' },
    ];
    expect(applyPerspective(odd, perspectiveOf('rA,drafts'))).toEqual([
      { _type: 't', title: 'no id' },
    ]);
    expect(applyPerspective(odd, 'published')).toEqual([{ _type: 't', title: 'no id' }]);
  });
});
