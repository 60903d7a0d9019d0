/** A release publishing in the local stack's dataset, as Sanity publishes one (scripts/local-stack/release-publish.ts). */
import { describe, expect, it } from 'vitest';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import { publishRelease, type Doc } from '../../../scripts/local-stack/release-publish.ts';

const NOW = new Date('2027-03-01T09:00:00Z');
const REV = 'TxLaunch0000000000000A';
const release: Doc = {
  _id: '_.releases.rLaunch01',
  _type: 'system.release',
  name: 'rLaunch01',
  state: 'scheduled',
  publishAt: NOW.toISOString(),
  metadata: { title: 'Launch day', releaseType: 'scheduled' },
};
const dataset: Doc[] = [
  {
    _id: 'hero',
    _type: 'landingHeader',
    _rev: 'r1',
    _updatedAt: '2026-11-02T09:00:00Z',
    title: 'Now',
  },
  { _id: 'drafts.hero', _type: 'landingHeader', _rev: 'r2', title: 'Draft' },
  release,
  {
    _id: 'versions.rLaunch01.hero',
    _type: 'landingHeader',
    _rev: 'r3',
    _updatedAt: '2026-11-20T10:00:00Z',
    _createdAt: '2026-11-20T10:00:00Z',
    title: 'Launch',
  },
  { _id: 'faqs', _type: 'faqs', _rev: 'r4', title: 'Questions' },
  {
    _id: 'versions.rLaunch01.faqs',
    _type: 'faqs',
    _rev: 'r5',
    title: 'Questions',
    _system: { delete: true },
  },
  {
    _id: 'versions.rLaunch01.newPage',
    _type: 'pressRelease',
    _rev: 'r6',
    title: 'Created in the release',
  },
  { _id: 'versions.rOther001.hero', _type: 'landingHeader', _rev: 'r7', title: 'Another release' },
  { _id: 'untouched', _type: 'whyHero', _rev: 'r8', title: 'Same' },
];

describe('publishing a release locally', () => {
  const { documents, changes } = publishRelease(dataset, 'rLaunch01', REV, NOW);

  it('each version becomes the published document, with the transaction as its revision and the publish time', () => {
    expect(documents.find((doc) => doc._id === 'hero')).toEqual({
      _id: 'hero',
      _type: 'landingHeader',
      _rev: REV,
      _updatedAt: NOW.toISOString(),
      title: 'Launch',
    });
    // Created in the release: published where its version was.
    expect(documents.find((doc) => doc._id === 'newPage')).toEqual({
      _id: 'newPage',
      _type: 'pressRelease',
      _rev: REV,
      _updatedAt: NOW.toISOString(),
      title: 'Created in the release',
    });
  });

  it('a version marked for unpublishing deletes the published document; the versions are gone, other releases and drafts stay', () => {
    const ids = documents.map((doc) => doc._id);
    expect(ids).toEqual([
      'hero',
      'drafts.hero',
      '_.releases.rLaunch01',
      'newPage',
      'versions.rOther001.hero',
      'untouched',
    ]);
    expect(documents.find((doc) => doc._id === 'untouched')).toBe(dataset.at(-1));
  });

  it('the release is published, with the documents it left', () => {
    expect(documents.find((doc) => doc._id === '_.releases.rLaunch01')).toMatchObject({
      state: 'published',
      publishedAt: NOW.toISOString(),
      _rev: REV,
      finalDocumentStates: [{ id: 'hero' }, { id: 'faqs' }, { id: 'newPage' }],
    });
  });

  it('one webhook projection per document, in one transaction', () => {
    expect(changes).toEqual([
      {
        _id: 'hero',
        _type: 'landingHeader',
        _rev: REV,
        _updatedAt: NOW.toISOString(),
        deleted: false,
      },
      { _id: 'faqs', _type: 'faqs', _rev: REV, _updatedAt: NOW.toISOString(), deleted: true },
      {
        _id: 'newPage',
        _type: 'pressRelease',
        _rev: REV,
        _updatedAt: NOW.toISOString(),
        deleted: false,
      },
    ]);
  });

  it("publishes what the release's perspective showed before", () => {
    const before = applyPerspective(dataset, { releases: ['rLaunch01'] }) as Doc[];
    const after = applyPerspective(documents, 'published') as Doc[];
    const titles = (docs: Doc[]) =>
      Object.fromEntries(
        docs.filter((doc) => doc._type !== 'system.release').map((doc) => [doc._id, doc.title]),
      );
    // The draft of `hero` is no longer what the release shows: published shows the release's version.
    expect(titles(after)).toEqual({ ...titles(before), hero: 'Launch' });
  });

  it('refuses a release it does not hold, one already published, or one with no documents', () => {
    expect(() => publishRelease(dataset, 'rGone0001', REV, NOW)).toThrow(
      'no release rGone0001 (no document _.releases.rGone0001) in the dataset',
    );
    expect(() => publishRelease(documents, 'rLaunch01', REV, NOW)).toThrow(
      'release rLaunch01 is already published',
    );
    expect(() => publishRelease([release], 'rLaunch01', REV, NOW)).toThrow(
      'release rLaunch01 has no documents to publish',
    );
  });
});
