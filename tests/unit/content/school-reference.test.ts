import { describe, expect, it } from 'vitest';
import { migrateSchoolReferences, publishedId } from '../../../src/lib/content/school-reference.ts';

const school = { _id: 'school-huskymobile', _type: 'school', key: 'huskymobile' };
const faqs = {
  _id: 'huskymobile-faqs',
  _type: 'faqs',
  tenant: 'huskymobile',
  title: 'FAQ',
  brandColor: '#4b2e83',
};

describe('school reference migration', () => {
  it('replaces the tenant string by a reference in the same place and keeps every other field', () => {
    const { documents, migrated } = migrateSchoolReferences([school, faqs]);
    expect(migrated).toBe(1);
    expect(documents[1]).toEqual({
      _id: 'huskymobile-faqs',
      _type: 'faqs',
      school: { _type: 'reference', _ref: 'school-huskymobile' },
      title: 'FAQ',
      brandColor: '#4b2e83',
    });
    expect(Object.keys(documents[1]!)).toEqual(['_id', '_type', 'school', 'title', 'brandColor']);
  });

  it('changes nothing the second time', () => {
    const once = migrateSchoolReferences([school, faqs]);
    const twice = migrateSchoolReferences(once.documents);
    expect(twice.migrated).toBe(0);
    expect(twice.alreadyReferenced).toBe(1);
    expect(twice.documents).toEqual(once.documents);
  });

  it('points drafts at the published school id', () => {
    const draft = { ...faqs, _id: 'drafts.huskymobile-faqs' };
    const { documents } = migrateSchoolReferences([
      { ...school, _id: 'drafts.school-huskymobile' },
      draft,
    ]);
    expect(documents[1]).toMatchObject({
      _id: 'drafts.huskymobile-faqs',
      school: { _ref: 'school-huskymobile' },
    });
  });

  it('lists documents whose key names no school, and leaves them as they were', () => {
    const stray = { ...faqs, _id: 'ghost-faqs', tenant: 'ghostmobile' };
    const result = migrateSchoolReferences([school, stray]);
    expect(result.unresolved).toEqual([{ id: 'ghost-faqs', key: 'ghostmobile' }]);
    expect(result.documents[1]).toEqual(stray);
  });

  it('knows a draft id from a published one', () => {
    expect(publishedId('drafts.a-b')).toBe('a-b');
    expect(publishedId('a-b')).toBe('a-b');
  });
});
