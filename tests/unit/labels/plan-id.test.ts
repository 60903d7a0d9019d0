import { describe, expect, it } from 'vitest';
import {
  FCC_PLAN_ID_PATTERN,
  planIdProblems,
  schoolPlanIdProblems,
} from '../../../src/lib/labels/plan-id.ts';

describe('FCC unique plan ids', () => {
  it.each([
    'F36152451655G9PC1ZJ9JEHE86',
    'M0000000000AAAAAAAAAAAAAAA',
    'M1234567890123456789012345',
  ])('accepts %s', (id) => {
    expect(FCC_PLAN_ID_PATTERN.test(id)).toBe(true);
  });

  it.each([
    ['X36152451655G9PC1ZJ9JEHE86', 'wrong first letter'],
    ['f36152451655G9PC1ZJ9JEHE86', 'lower-case type'],
    ['F3615245165', 'too short'],
    ['F36152451655G9PC1ZJ9JEHE86X', 'too long'],
    ['F361524516a5G9PC1ZJ9JEHE86', 'a letter in the FRN'],
    ['F36152451655g9pc1zj9jehe86', 'lower-case plan code'],
    [' F36152451655G9PC1ZJ9JEHE86', 'leading space'],
  ])('rejects %s (%s)', (id) => {
    expect(FCC_PLAN_ID_PATTERN.test(id)).toBe(false);
  });

  it('reports a malformed id with the school and document', () => {
    expect(
      planIdProblems([{ school: 'cubbymobile', documentId: 'doc-1', uniquePlanId: 'NOT-AN-ID' }]),
    ).toEqual([
      expect.objectContaining({
        school: 'cubbymobile',
        documentType: 'broadbandFacts',
        documentId: 'doc-1',
        reason: expect.stringContaining('NOT-AN-ID') as string,
      }),
    ]);
  });

  it('reports an id used twice, on both records, naming the other one', () => {
    const id = 'F36152451655G9PC1ZJ9JEHE86';
    const problems = planIdProblems([
      { school: 'huskymobile', documentId: 'a', uniquePlanId: id },
      { school: 'cubbymobile', documentId: 'b', uniquePlanId: id },
      { school: 'cubbymobile', documentId: 'c', uniquePlanId: 'M0000000000AAAAAAAAAAAAAAA' },
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatchObject({
      school: 'huskymobile',
      documentId: 'a',
      reason: expect.stringContaining('cubbymobile (b)') as string,
    });
    expect(problems[1]).toMatchObject({
      school: 'cubbymobile',
      documentId: 'b',
      reason: expect.stringContaining('huskymobile (a)') as string,
    });
  });

  it('finds nothing wrong with distinct, well-formed ids across schools', () => {
    const schools = [
      {
        key: 'huskymobile',
        content: {
          documents: { broadbandFacts: [{ _id: 'a', uniquePlanId: 'F36152451655G9PC1ZJ9JEHE86' }] },
        },
      },
      {
        key: 'cubbymobile',
        content: {
          documents: { broadbandFacts: [{ _id: 'b', uniquePlanId: 'M0000000000AAAAAAAAAAAAAAA' }] },
        },
      },
    ];
    expect(schoolPlanIdProblems(schools)).toEqual([]);
    schools[1]!.content.documents.broadbandFacts[0]!.uniquePlanId = 'F36152451655G9PC1ZJ9JEHE86';
    expect(schoolPlanIdProblems(schools).map((problem) => problem.school)).toEqual([
      'huskymobile',
      'cubbymobile',
    ]);
  });

  it('names the first three other users of a repeated id and counts the rest, so a report line stays short', () => {
    const id = 'F36152451655G9PC1ZJ9JEHE86';
    const entries = Array.from({ length: 10 }, (_, index) => ({
      school: `school${index}`,
      documentId: `doc-${index}`,
      uniquePlanId: id,
    }));
    const [first] = planIdProblems(entries);
    expect(first?.reason).toBe(
      `uniquePlanId "${id}" is also used by school1 (doc-1), school2 (doc-2), school3 (doc-3) and 6 more`,
    );
  });
});
