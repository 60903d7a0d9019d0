/** A school made from a template (the "New school" action and `npm run school:new` share the module) passes the Studio's own validation. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyPerspective } from '../../src/lib/content/perspective.ts';
import {
  newSchoolFromTemplate,
  type ContentDocument,
} from '../../src/lib/new-school/from-template.ts';
import {
  createSchoolFromTemplate,
  EMPTY_FORM,
  fieldsFromForm,
  NewSchoolRefused,
  type SchoolClient,
} from '../actions/new-school-request.ts';
import { asImported, studioMarkers } from './studio-validation.ts';

// The published documents, as the Studio's template query sees them (the dataset also holds a scheduled draft).
const documents = applyPerspective(
  readFileSync(new URL('../../src/dataset/data.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ContentDocument),
  'published',
) as ContentDocument[];

describe('a new school from a template, in the Studio', () => {
  for (const templateKey of ['huskymobile', 'cubbymobile']) {
    it(`made from ${templateKey}: every document passes the Studio's validation`, async () => {
      const school = documents.find((doc) => doc._type === 'school' && doc.key === templateKey)!;
      const template = {
        school,
        documents: documents.filter(
          (doc) => (doc.school as { _ref?: string } | undefined)?._ref === school._id,
        ),
      };
      const made = newSchoolFromTemplate(template, {
        key: 'falconmobile',
        seoSlug: 'falcon-mobile',
        baseName: 'Falcon Mobile',
        schoolName: 'Ridgeview University',
        city: 'Boulder',
        state: 'Colorado',
        primaryColor: { name: 'Falcon Red', hex: '#9E1B32' },
      });
      const all = [made.school, ...made.documents];
      const ids = new Set([...documents, ...all].map((doc) => doc._id));
      const problems: string[] = [];
      for (const doc of all) {
        for (const marker of await studioMarkers(doc, ids))
          problems.push(`${doc._id} ${marker.level} ${marker.path}: ${marker.message}`);
      }
      expect(all).toHaveLength(template.documents.length + 1);
      expect(problems).toEqual([]);
    });
  }

  it('is a preparing school the Studio knows the status of', async () => {
    const school = documents.find((doc) => doc._type === 'school')!;
    const ids = new Set(documents.map((doc) => doc._id));
    expect(
      await studioMarkers({ ...school, status: 'preparing', templateSchool: 'cubbymobile' }, ids),
    ).toEqual([]);
    expect(await studioMarkers({ ...school, status: 'launching' }, ids)).toContainEqual({
      level: 'error',
      path: 'status',
      message: 'Choose Preparing, Live or Retired',
    });
  });
});

/** Sanity's client as the action uses it, answering from the bundled dataset as imported (asset references). */
function fakeClient() {
  const imported = documents.map((doc) => asImported(doc));
  const commits: ContentDocument[][] = [];
  const client: SchoolClient = {
    fetch<T>(_query: string, params: Record<string, unknown>) {
      const school = imported.find((doc) => doc._id === params.templateId) ?? null;
      return Promise.resolve({
        school: school && {
          ...school,
          _rev: 'r1',
          _createdAt: '2026-01-01T00:00:00Z',
          _updatedAt: '2026-01-01T00:00:00Z',
        },
        documents: imported.filter(
          (doc) => (doc.school as { _ref?: string } | undefined)?._ref === params.templateId,
        ),
        schools: imported.filter((doc) => doc._type === 'school'),
      } as T);
    },
    transaction() {
      const created: ContentDocument[] = [];
      return {
        create: (doc: ContentDocument) => created.push(doc),
        commit: () => {
          commits.push(created);
          return Promise.resolve();
        },
      };
    },
  };
  return { client, commits };
}

describe('the New school action', () => {
  const form = {
    ...EMPTY_FORM,
    templateId: 'school-cubbymobile',
    key: ' falconmobile ',
    seoSlug: 'falcon-mobile',
    baseName: 'Falcon Mobile',
    schoolName: 'Ridgeview University',
    city: '',
    primaryHex: '#9E1B32',
    primaryName: '',
  };

  it("reads the form: blanks keep the template's value, a colour without a name gets one", () => {
    expect(fieldsFromForm(form)).toEqual({
      key: 'falconmobile',
      seoSlug: 'falcon-mobile',
      baseName: 'Falcon Mobile',
      schoolName: 'Ridgeview University',
      schoolShort: undefined,
      mascotNation: undefined,
      city: undefined,
      state: undefined,
      primaryColor: { name: 'Falcon Mobile colour', hex: '#9E1B32' },
      secondaryColor: undefined,
    });
  });

  it('creates the school and every document of the template in one transaction, valid for the Studio', async () => {
    const { client, commits } = fakeClient();
    const logo = {
      asset: { _type: 'reference' as const, _ref: 'image-cubbymobilelogo-240x80-svg' },
    };
    const made = await createSchoolFromTemplate(
      client,
      'drafts.school-cubbymobile',
      fieldsFromForm(form),
      () => Promise.resolve(logo),
    );
    expect(commits).toHaveLength(1);
    expect(commits[0].map((doc) => doc._id)).toEqual([
      made.school._id,
      ...made.documents.map((doc) => doc._id),
    ]);
    expect(commits[0]).toHaveLength(41);
    expect(made.school).toMatchObject({
      _id: 'school-falconmobile',
      status: 'preparing',
      templateSchool: 'cubbymobile',
      logo: { _type: 'image', ...logo },
    });
    expect(Object.keys(made.school)).not.toContain('_rev');
    const ids = new Set([...documents.map((doc) => doc._id), ...commits[0].map((doc) => doc._id)]);
    const problems: string[] = [];
    for (const doc of commits[0]) {
      for (const marker of await studioMarkers(doc, ids, 'studio'))
        problems.push(`${doc._id} ${marker.level} ${marker.path}: ${marker.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses a taken address, and creates and uploads nothing', async () => {
    const { client, commits } = fakeClient();
    let uploads = 0;
    const upload = () => {
      uploads += 1;
      return Promise.resolve({ asset: { _type: 'reference' as const, _ref: 'image-x-1x1-svg' } });
    };
    const refused = createSchoolFromTemplate(
      client,
      'school-cubbymobile',
      fieldsFromForm({ ...form, seoSlug: 'uw-husky-mobile' }),
      upload,
    );
    await expect(refused).rejects.toBeInstanceOf(NewSchoolRefused);
    await expect(refused).rejects.toThrow(
      'seo slug "uw-husky-mobile" is already used by school huskymobile (its seo slug)',
    );
    await expect(
      createSchoolFromTemplate(client, 'school-nosuch', fieldsFromForm(form)),
    ).rejects.toThrow('the template school is not published: publish it first');
    expect(commits).toEqual([]);
    expect(uploads).toBe(0);
  });
});
