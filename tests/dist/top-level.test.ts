/**
 * What the built site serves at its top level is either a school's address or a segment the
 * legacy-alias rule reserves: an old address can never shadow, or be shadowed by, the site's own
 * pages, files and folders. And every alias that made it into _redirects passes the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isReservedFirstSegment,
  legacyAliasFormProblem,
} from '../../src/lib/route-table/legacy-aliases.ts';
import { DIST, buildReport } from './helpers.ts';

describe('the top level of the built site', () => {
  it('holds only school addresses and reserved segments', () => {
    const slugs = new Set(buildReport().schools.map((school) => school.seoSlug));
    const served = readdirSync(DIST).map((entry) => {
      const segment = entry.replace(/\.html$/, '');
      return slugs.has(segment)
        ? undefined
        : isReservedFirstSegment(segment) || isReservedFirstSegment(entry)
          ? undefined
          : entry;
    });
    expect(served.filter(Boolean)).toEqual([]);
  });

  it('redirects only aliases that pass the legacy-alias rule', () => {
    const slugs = new Set(buildReport().schools.map((school) => school.seoSlug));
    const firstSegments = new Set(
      readFileSync(join(DIST, '_redirects'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('/') && !line.startsWith('/:') && !line.startsWith('/*'))
        .map((line) => line.split(/\s+/)[0]!.split('/')[1]!),
    );
    const aliases = [...firstSegments].filter(
      (segment) => !slugs.has(segment) && !isReservedFirstSegment(segment),
    );
    expect(aliases.length).toBeGreaterThan(0);
    for (const alias of aliases) expect(legacyAliasFormProblem(alias), alias).toBeUndefined();
  });
});
