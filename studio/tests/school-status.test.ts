/**
 * A school's status and successor: the Studio and the build apply the same rule
 * (src/lib/schools/lifecycle.ts), so an editor is told before publishing what the build would refuse.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schoolSchema } from '../../src/lib/content/schemas.ts';
import { studioErrors } from './studio-validation.ts';

type Doc = Record<string, unknown>;
const documents = readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Doc);
const ids = new Set(documents.map((doc) => String(doc._id)));
const husky = documents.find((doc) => doc._id === 'school-huskymobile') as Doc;
const successor = { _type: 'reference', _ref: 'school-cubbymobile' };

const cases: Array<[label: string, change: Doc, accepted: boolean]> = [
  ['no status (live)', {}, true],
  ['preparing', { status: 'preparing' }, true],
  ['live', { status: 'live' }, true],
  ['retired', { status: 'retired' }, true],
  ['retired with a successor', { status: 'retired', successor }, true],
  ['an unknown status', { status: 'paused' }, false],
  ['a live school with a successor', { status: 'live', successor }, false],
  ['no status with a successor', { successor }, false],
  [
    'a retired school that succeeds itself',
    { status: 'retired', successor: { _type: 'reference', _ref: 'school-huskymobile' } },
    false,
  ],
];

describe('school status and successor', () => {
  for (const [label, change, accepted] of cases) {
    it(`${label}: ${accepted ? 'accepted' : 'refused'} by both the Studio and the build`, async () => {
      const doc = { ...structuredClone(husky), ...change };
      expect(schoolSchema.safeParse(doc).success, 'build').toBe(accepted);
      expect((await studioErrors(doc, ids)).length === 0, 'Studio').toBe(accepted);
    });
  }
});
