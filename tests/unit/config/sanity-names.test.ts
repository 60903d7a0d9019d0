/**
 * One rule for the site's Sanity project and dataset: the settings check (setup:check) and the
 * status functions judge SANITY_PROJECT_ID and SANITY_DATASET by it, in the same words, and
 * whatever it accepts @sanity/client accepts too, so no setting it passes can make a client throw.
 */
import { createClient } from '@sanity/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datasetNameProblem,
  isSanityProjectId,
  sanityTargetProblem,
} from '../../../src/lib/config/sanity-names.ts';
import { siteAccess } from '../../../src/lib/deploys/access.ts';
import { settingsProblems } from '../../../src/lib/setup/site-problems.ts';

const clientAccepts = (projectId: string, dataset: string) => {
  try {
    createClient({ projectId, dataset, apiVersion: '2025-09-15', useCdn: false });
    return true;
  } catch {
    return false;
  }
};

const name = (units: string[], maxLength = 70) =>
  fc.string({ unit: fc.constantFrom(...units), maxLength });

describe("Sanity's names, one rule", () => {
  it('a project id: accepted exactly when @sanity/client accepts it', () => {
    fc.assert(
      fc.property(name(['a', 'Z', '0', '9', '-', '_', '.', ' ']), (projectId) => {
        fc.pre(projectId !== '');
        expect(isSanityProjectId(projectId), projectId).toBe(
          clientAccepts(projectId, 'production'),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('a dataset (or an alias, ~name): whatever the rule accepts, @sanity/client accepts', () => {
    fc.assert(
      fc.property(name(['a', 'z', 'A', '0', '9', '-', '_', '.', ' ', '~']), (dataset) => {
        fc.pre(dataset !== '');
        if (datasetNameProblem(dataset, { alias: true }) === undefined)
          expect(clientAccepts('abc123', dataset), dataset).toBe(true);
      }),
      { numRuns: 1000 },
    );
    // The client takes a name no dataset can have; the rule does not.
    expect([clientAccepts('abc123', 'a'), datasetNameProblem('a')]).toEqual([
      true,
      'must be at least two characters long',
    ]);
  });

  it.each([
    [
      { SANITY_PROJECT_ID: 'my_project' },
      'SANITY_PROJECT_ID: not a Sanity project id (letters, digits and dashes only)',
    ],
    [{ SANITY_DATASET: 'a' }, 'SANITY_DATASET: must be at least two characters long'],
    [{ SANITY_DATASET: 'Production Data' }, 'SANITY_DATASET: must be all lowercase characters'],
    [{ SANITY_DATASET: 'live-' }, 'SANITY_DATASET: must not end with a dash or an underscore'],
  ])(
    'setup:check and the status functions name %o in the same words: %s',
    async (settings, words) => {
      const source = {
        CONTENT_SOURCE: 'sanity',
        SANITY_PROJECT_ID: 'abc123',
        SANITY_DATASET: 'production',
        ...settings,
      };
      expect(settingsProblems('production', source).map((problem) => problem.text)).toContain(
        words,
      );
      expect(sanityTargetProblem(source.SANITY_PROJECT_ID, source.SANITY_DATASET)).toBe(words);
      const logged: string[] = [];
      const access = siteAccess(
        { projectId: source.SANITY_PROJECT_ID, dataset: source.SANITY_DATASET },
        {
          pass: { secret: 'a-secret', site: 'site-1', projectId: undefined, dataset: 'production' },
          log: (line) => logged.push(line),
        },
      );
      expect(
        await access.callerOf(
          new Request('https://site.example/api/deploys', {
            headers: { authorization: 'Bearer a-token' },
          }),
        ),
      ).toEqual({ kind: 'visitor' });
      expect(logged).toEqual([
        `${words}: editors' tokens cannot be checked, so every caller is answered as a visitor`,
      ]);
    },
  );

  it('a dataset alias (~live) is a usable target; no project is not', () => {
    expect(sanityTargetProblem('abc123', '~live')).toBeUndefined();
    expect(sanityTargetProblem(undefined, 'production')).toBe('SANITY_PROJECT_ID: not set');
  });
});
