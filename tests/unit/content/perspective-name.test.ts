import { validateApiPerspective } from '@sanity/client';
import { describe, expect, it } from 'vitest';
import {
  MAX_PERSPECTIVE_LENGTH,
  MAX_STACK_RELEASES,
  clientPerspective,
  perspectiveName,
  readPerspective,
  releaseNames,
  samePerspective,
} from '../../../src/lib/content/perspective-name.ts';

describe('reading a perspective (cookie, address parameter, comlink message)', () => {
  it('reads published and drafts; nothing given is drafts, as Presentation defaults', () => {
    expect(readPerspective('published')).toEqual({ perspective: 'published' });
    expect(readPerspective('drafts')).toEqual({ perspective: 'drafts' });
    expect(readPerspective('previewDrafts')).toEqual({ perspective: 'drafts' });
    expect(readPerspective(['published'])).toEqual({ perspective: 'published' });
    for (const nothing of [undefined, null, ''])
      expect(readPerspective(nothing)).toEqual({ perspective: 'drafts' });
  });

  it('reads a release stack comma-joined (the address and cookie) or as an array (comlink), leftmost first', () => {
    expect(readPerspective('rLaunch0,drafts')).toEqual({ perspective: { releases: ['rLaunch0'] } });
    expect(readPerspective('rB,rA,drafts')).toEqual({ perspective: { releases: ['rB', 'rA'] } });
    expect(readPerspective(['rSpring12', 'rWinter34', 'drafts'])).toEqual({
      perspective: { releases: ['rSpring12', 'rWinter34'] },
    });
    // Releases made through the API may have other names of document-id characters.
    expect(readPerspective('release-a,spring_2027,drafts')).toEqual({
      perspective: { releases: ['release-a', 'spring_2027'] },
    });
    expect(readPerspective(' rA , drafts ')).toEqual({ perspective: { releases: ['rA'] } });
  });

  it('reads anything else as drafts, marked unreadable', () => {
    const unreadable = { perspective: 'drafts', unreadable: true };
    for (const value of [
      'raw',
      'rA,raw',
      'raw,drafts',
      'rA',
      'rA,published',
      'drafts,rA',
      'rA,drafts,drafts',
      'published,drafts',
      'rA,rA,drafts',
      'r.A,drafts',
      'rA/..,drafts',
      'r A,drafts',
      ',drafts',
      'rA,,drafts',
      '<script>,drafts',
      'rÄ,drafts',
      'nonsense',
      `${'r'.repeat(65)},drafts`,
      42,
      { perspective: 'drafts' },
      ['rA', 7, 'drafts'],
      [],
    ]) {
      expect(readPerspective(value), JSON.stringify(value)).toEqual(unreadable);
    }
  });

  it('holds a stack to its limits: releases and length', () => {
    const names = Array.from(
      { length: MAX_STACK_RELEASES },
      (_, index) => `r${String(index).padStart(63, '0')}`,
    );
    const longest = [...names, 'drafts'].join(',');
    expect(longest.length).toBe(MAX_PERSPECTIVE_LENGTH);
    expect(readPerspective(longest)).toEqual({ perspective: { releases: names } });
    expect(readPerspective(`${longest} `)).toEqual({ perspective: 'drafts', unreadable: true });
    expect(readPerspective([...names, 'rOneMore', 'drafts'])).toEqual({
      perspective: 'drafts',
      unreadable: true,
    });
    expect(readPerspective([...names.slice(1), 'rOneMore', 'drafts'].join(','))).toEqual({
      perspective: { releases: [...names.slice(1), 'rOneMore'] },
    });
    expect(readPerspective('x,'.repeat(5000))).toEqual({ perspective: 'drafts', unreadable: true });
  });

  it('writes each perspective back as it was read, and as @sanity/client takes it', () => {
    for (const value of ['published', 'drafts', 'rA,drafts', 'rB,rA,drafts']) {
      const { perspective } = readPerspective(value);
      expect(perspectiveName(perspective)).toBe(value);
      expect(readPerspective(perspectiveName(perspective)).perspective).toEqual(perspective);
      // Sanity's own client accepts what the site would send.
      expect(() => validateApiPerspective(clientPerspective(perspective))).not.toThrow();
    }
    expect(clientPerspective({ releases: ['rB', 'rA'] })).toEqual(['rB', 'rA', 'drafts']);
    expect(releaseNames({ releases: ['rB', 'rA'] })).toEqual(['rB', 'rA']);
    expect(releaseNames('drafts')).toEqual([]);
    expect(
      samePerspective(
        readPerspective(['rA', 'drafts']).perspective,
        readPerspective('rA,drafts').perspective,
      ),
    ).toBe(true);
    expect(samePerspective({ releases: ['rA', 'rB'] }, { releases: ['rB', 'rA'] })).toBe(false);
  });
});
