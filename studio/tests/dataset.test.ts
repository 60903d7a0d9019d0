/**
 * Every document of the bundled dataset passes the Studio's own validation rules (no network),
 * release versions included; a release's own document (`_.releases.…`, type `system.release`) is
 * Sanity's, not of this Studio's schema.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioMarkers } from './studio-validation.ts';

const DATASET = new URL('../../src/dataset/data.ndjson', import.meta.url);
const documents = readFileSync(DATASET, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const ids = new Set(documents.map((doc) => String(doc._id)));

describe('bundled dataset against the Studio schema', () => {
  it('has no validation errors or warnings in any document', async () => {
    const problems: string[] = [];
    for (const doc of documents.filter((item) => !String(item._id).startsWith('_.'))) {
      for (const marker of await studioMarkers(doc, ids))
        problems.push(`${String(doc._id)} ${marker.level} ${marker.path}: ${marker.message}`);
    }
    expect(problems).toEqual([]);
  });
});
