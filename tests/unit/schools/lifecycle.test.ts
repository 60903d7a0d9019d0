import { describe, expect, it } from 'vitest';
import {
  isPublishedIn,
  mayFailBuild,
  schoolStatusOf,
  successorProblem,
} from '../../../src/lib/schools/lifecycle.ts';

describe('school lifecycle rules', () => {
  it('reads a missing status as live and refuses an unknown one', () => {
    expect(schoolStatusOf(undefined)).toBe('live');
    expect(schoolStatusOf(null)).toBe('live');
    expect(schoolStatusOf('preparing')).toBe('preparing');
    expect(schoolStatusOf('retired')).toBe('retired');
    expect(schoolStatusOf('Live')).toBeUndefined();
    expect(schoolStatusOf('')).toBeUndefined();
  });

  it('publishes live schools everywhere, preparing schools on previews only, retired schools nowhere', () => {
    expect(isPublishedIn('live', { production: true })).toBe(true);
    expect(isPublishedIn('live', { production: false })).toBe(true);
    expect(isPublishedIn('preparing', { production: true })).toBe(false);
    expect(isPublishedIn('preparing', { production: false })).toBe(true);
    expect(isPublishedIn('retired', { production: true })).toBe(false);
    expect(isPublishedIn('retired', { production: false })).toBe(false);
  });

  it('lets only a live school stop a build', () => {
    expect(mayFailBuild('live')).toBe(true);
    expect(mayFailBuild('preparing')).toBe(false);
    expect(mayFailBuild('retired')).toBe(false);
  });

  it('allows a successor on a retired school only, and never the school itself', () => {
    expect(
      successorProblem({ _id: 'school-a', status: 'retired', successor: { _ref: 'school-b' } }),
    ).toBeUndefined();
    expect(successorProblem({ _id: 'school-a', status: 'retired' })).toBeUndefined();
    expect(
      successorProblem({ _id: 'school-a', status: 'live', successor: { _ref: 'school-b' } }),
    ).toMatch(/Only a retired school names a successor/);
    expect(successorProblem({ _id: 'school-a', successor: { _ref: 'school-b' } })).toMatch(
      /Only a retired school/,
    );
    expect(
      successorProblem({
        _id: 'drafts.school-a',
        status: 'retired',
        successor: { _ref: 'school-a' },
      }),
    ).toBe('A school cannot be its own successor');
  });
});
