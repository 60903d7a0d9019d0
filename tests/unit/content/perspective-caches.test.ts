/** The per-perspective caches of pages rendered on request are bounded: release stacks are open-ended. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Env } from '../../../src/lib/config/env.ts';
import { MAX_REQUEST_SOURCES, requestContentSource } from '../../../src/lib/content/index.ts';
import {
  MAX_HELD_PERSPECTIVES,
  createLiveLocalSource,
  currentExport,
} from '../../../src/lib/content/live-export.ts';
import type { ContentPerspective } from '../../../src/lib/content/perspective-name.ts';

const RELEASES = 30;
const dir = mkdtempSync(join(tmpdir(), 'perspective-caches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const documents = [
  { _id: 'hero', _type: 'landingHeader', title: 'Published' },
  ...Array.from({ length: RELEASES }, (_, index) => ({
    _id: `versions.r${index}.hero`,
    _type: 'landingHeader',
    title: `Release ${index}`,
  })),
];
writeFileSync(join(dir, 'data.ndjson'), documents.map((doc) => JSON.stringify(doc)).join('\n'));
const stack = (index: number): ContentPerspective => ({ releases: [`r${index}`] });
const TITLE = '*[_type == "landingHeader"][0].title';

describe('per-perspective caches', () => {
  it('the bundled export holds the views of its last few perspectives only, and answers each right', async () => {
    for (let index = 0; index < RELEASES; index++) {
      expect(await createLiveLocalSource(dir, stack(index)).fetch(TITLE)).toBe(`Release ${index}`);
      expect(currentExport(dir).views.size).toBeLessThanOrEqual(MAX_HELD_PERSPECTIVES);
    }
    expect(currentExport(dir).views.size).toBe(MAX_HELD_PERSPECTIVES);
    // One gone from the cache is worked out again, the same.
    expect(await createLiveLocalSource(dir, stack(0)).fetch(TITLE)).toBe('Release 0');
    expect(await createLiveLocalSource(dir, 'published').fetch(TITLE)).toBe('Published');
  });

  it('request sources: one per perspective however it was written, the least recently used dropped past the bound', () => {
    const settings = { CONTENT_SOURCE: 'local', CONTENT_DATASET_DIR: dir } as Env;
    const first = requestContentSource(stack(0), settings);
    expect(requestContentSource({ releases: ['r0'] }, settings)).toBe(first);
    for (let index = 1; index <= MAX_REQUEST_SOURCES; index++)
      requestContentSource(stack(index), settings);
    expect(requestContentSource(stack(MAX_REQUEST_SOURCES), settings)).toBe(
      requestContentSource(stack(MAX_REQUEST_SOURCES), settings),
    );
    expect(requestContentSource(stack(0), settings)).not.toBe(first);
  });
});
