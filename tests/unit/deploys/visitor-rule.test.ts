/**
 * The one rule of what a caller may learn of a document (`statusFor`, next to the answer's schema
 * in status-answers.ts), as a table: each state an answer can have × each kind of caller × whether the
 * public site shows the document. A visitor never learns more than the site shows.
 */
import { describe, expect, it } from 'vitest';
import {
  documentStatusSchema,
  statusFor,
  UNKNOWN_TO_VISITORS,
  type DocumentStatus,
} from '../../../src/lib/publish-records/status-answers.ts';

const STATES: Array<[string, DocumentStatus]> = [
  ['live', { state: 'live', since: '2026-11-27T10:02:00.000Z', deploy: 'd-1' }],
  [
    'publishing, building',
    { state: 'publishing', deploy: 'd-2', startedAt: '2026-11-27T10:03:00.000Z' },
  ],
  [
    'publishing, waiting to build',
    {
      state: 'publishing',
      waiting: {
        reason: 'the build service did not answer',
        nextTryAt: '2026-11-27T10:07:00.000Z',
      },
    },
  ],
  [
    'not-live, build failed',
    {
      state: 'not-live',
      code: 'build-failed',
      reason:
        'The build that was to publish this change failed, so the previous version is still live.',
      deploy: 'd-2',
    },
  ],
  [
    'not-live, content problem',
    {
      state: 'not-live',
      code: 'content-problem',
      reason:
        'The document has a content problem, so the page is built without it: faqs[0].answer: Required',
      school: 'husky',
      field: 'faqs[0].answer',
      deploy: 'd-1',
    },
  ],
  [
    'not-live, not launched',
    {
      state: 'not-live',
      code: 'not-launched',
      reason: 'Its school is not launched yet: only previews show it.',
      school: 'newu',
      deploy: 'd-1',
    },
  ],
  [
    'not-live, rolled back',
    {
      state: 'not-live',
      code: 'rolled-back',
      reason: 'An earlier deploy was restored, so an earlier version of this document is live.',
      deploy: 'd-3',
    },
  ],
  [
    'unknown',
    { state: 'unknown', reason: 'The live deploy left no record of the documents it carries.' },
  ],
];

const NEVER_EXISTED: DocumentStatus = { state: 'unknown', reason: UNKNOWN_TO_VISITORS };

/** What a visitor gets for a document the public site shows, state by state. */
const VISITOR_ON_THE_SITE: Record<string, DocumentStatus> = {
  live: { state: 'live', since: '2026-11-27T10:02:00.000Z' },
  'publishing, building': { state: 'publishing' },
  'publishing, waiting to build': { state: 'publishing' },
  'not-live, build failed': {
    state: 'not-live',
    code: 'build-failed',
    reason:
      'The build that was to publish this change failed, so the previous version is still live.',
  },
  'not-live, content problem': {
    state: 'not-live',
    code: 'content-problem',
    reason: 'The document has a content problem, so the page is built without it.',
  },
  'not-live, not launched': { state: 'not-live', code: 'not-launched', reason: 'visitor words' },
  'not-live, rolled back': {
    state: 'not-live',
    code: 'rolled-back',
    reason: 'An earlier deploy was restored, so an earlier version of this document is live.',
  },
  unknown: NEVER_EXISTED,
};

describe('what each caller learns of a document', () => {
  for (const [name, status] of STATES) {
    const visitorWords =
      name === 'not-live, content problem'
        ? 'The document has a content problem, so the page is built without it.'
        : name === 'not-live, not launched'
          ? 'visitor words'
          : undefined;

    it(`${name}: an editor gets it whole, on the site or not`, () => {
      expect(statusFor('editor', status, true, visitorWords)).toEqual(status);
      expect(statusFor('editor', status, false, visitorWords)).toEqual(status);
    });

    it(`${name}: a visitor, for a document the site shows, gets no deploy, school, field, time of a build or build error`, () => {
      const answer = statusFor('visitor', status, true, visitorWords);
      expect(answer).toEqual(VISITOR_ON_THE_SITE[name]);
      expect(documentStatusSchema.parse(answer)).toEqual(answer);
      expect(
        Object.keys(answer).filter((key) =>
          ['deploy', 'school', 'field', 'startedAt', 'waiting'].includes(key),
        ),
      ).toEqual([]);
    });

    it(`${name}: a visitor, for anything the site does not show, gets the words of an id that never existed`, () => {
      expect(statusFor('visitor', status, false, visitorWords)).toEqual(NEVER_EXISTED);
    });
  }
});
