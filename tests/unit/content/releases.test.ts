/** The release documents the preview bar names, read from an export as Sanity exports them. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExportClient } from '../../../src/lib/content/live-export.ts';
import { fetchReleases } from '../../../src/lib/content/releases.ts';

const dir = mkdtempSync(join(tmpdir(), 'releases-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const documents = [
  {
    _id: '_.releases.rLaunch01',
    _type: 'system.release',
    name: 'rLaunch01',
    state: 'scheduled',
    publishAt: '2027-03-01T09:00:00Z',
    metadata: {
      title: 'Launch day',
      releaseType: 'scheduled',
      intendedPublishAt: '2027-03-01T09:00:00Z',
      cardinality: 'one',
    },
  },
  {
    _id: '_.releases.rSpring02',
    _type: 'system.release',
    name: 'rSpring02',
    state: 'active',
    metadata: { title: '  ', releaseType: 'scheduled', intendedPublishAt: '2026-12-07T08:30:00Z' },
  },
  {
    _id: '_.releases.rAsap0003',
    _type: 'system.release',
    name: 'rAsap0003',
    state: 'active',
    metadata: { title: 'Fixes', releaseType: 'asap', intendedPublishAt: 'not a time' },
  },
  // Not releases: another type under the same path, and a document that merely shares the name.
  { _id: 'rLaunch01', _type: 'faqs', title: 'x' },
  { _id: 'versions.rLaunch01.faq', _type: 'faqs', title: 'y' },
];
writeFileSync(join(dir, 'data.ndjson'), documents.map((doc) => JSON.stringify(doc)).join('\n'));
const reader = createExportClient(dir);

describe('fetchReleases', () => {
  it('reads each named release: title, scheduled draft or release, publish time (scheduled, else intended)', async () => {
    const found = await fetchReleases(reader, ['rLaunch01', 'rSpring02', 'rAsap0003', 'rGone0004']);
    expect(found).toEqual(
      new Map([
        [
          'rLaunch01',
          {
            name: 'rLaunch01',
            title: 'Launch day',
            scheduledDraft: true,
            publishAt: new Date('2027-03-01T09:00:00Z'),
            state: 'scheduled',
          },
        ],
        [
          'rSpring02',
          {
            name: 'rSpring02',
            title: undefined,
            scheduledDraft: false,
            publishAt: new Date('2026-12-07T08:30:00Z'),
            state: 'active',
          },
        ],
        [
          'rAsap0003',
          {
            name: 'rAsap0003',
            title: 'Fixes',
            scheduledDraft: false,
            publishAt: undefined,
            state: 'active',
          },
        ],
      ]),
    );
  });

  it('asks nothing for no names', async () => {
    const never = {
      fetch: () => Promise.reject(new Error('asked')),
    };
    expect(await fetchReleases(never, [])).toEqual(new Map());
  });

  it('leaves out an answer that is not a release document', async () => {
    const odd = {
      fetch: <T>() =>
        Promise.resolve([
          { _id: 'x' },
          { nope: true },
          null,
          { _id: '_.releases.rOk', metadata: null },
        ] as T),
    };
    expect([...(await fetchReleases(odd, ['rOk', 'x'])).keys()]).toEqual(['rOk']);
  });
});
