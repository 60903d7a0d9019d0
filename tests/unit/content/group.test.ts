import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ContentError, groupContent, type RawBuildContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';

const documents = readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson') as Array<Record<string, unknown>>;
const raw = (): RawBuildContent => ({
  schools: documents.filter((doc) => doc._type === 'school').map((doc) => structuredClone(doc)),
  settings: structuredClone(documents.find((doc) => doc._type === 'siteSettings')),
  documents: documents.filter((doc) => doc._type !== 'school' && doc._type !== 'siteSettings').map((doc) => structuredClone(doc)),
});

describe('grouping and validating content', () => {
  it('finds no problem in the bundled dataset', () => {
    const grouped = groupContent(raw());
    expect(grouped.problems).toEqual([]);
    expect(grouped.schools).toHaveLength(6);
  });

  it('reports an invalid document with school, type, id and field, and leaves it out', () => {
    const input = raw();
    const faqs = input.documents.find((doc) => (doc as Record<string, unknown>)._type === 'faqs') as Record<string, unknown>;
    delete faqs.title;
    const grouped = groupContent(input);
    const school = grouped.schools.find((s) => s.school.key === faqs.tenant);
    expect(school?.documents.faqs).toEqual([]);
    expect(grouped.problems).toContainEqual({ school: faqs.tenant, documentType: 'faqs', documentId: faqs._id, reason: expect.stringContaining('title'), issues: [{ field: 'title', message: expect.any(String) }] });
    expect(grouped.problems).toContainEqual({ school: faqs.tenant, documentType: 'faqs', reason: 'missing' });
  });

  it('reports a missing customer-type document', () => {
    const input = raw();
    input.documents = input.documents.filter((doc) => !((doc as Record<string, unknown>)._type === 'planCards' && (doc as Record<string, unknown>).customerType === 'faculty' && (doc as Record<string, unknown>).tenant === 'huskymobile'));
    expect(groupContent(input).problems).toContainEqual({ school: 'huskymobile', documentType: 'planCards', reason: 'faculty missing', field: 'customerType' });
  });

  it('reports documents of an unregistered school', () => {
    const input = raw();
    input.documents.push({ _id: 'x.faqs', _type: 'faqs', tenant: 'nosuchschool' });
    expect(groupContent(input).problems).toContainEqual({ school: 'nosuchschool', documentType: 'faqs', documentId: 'x.faqs', reason: 'document belongs to no registered school', field: 'tenant' });
  });

  it('stops on an invalid school registry entry, naming it', () => {
    const input = raw();
    (input.schools[0] as Record<string, unknown>).seoSlug = 'Not A Slug';
    expect(() => groupContent(input)).toThrow(ContentError);
    expect(() => groupContent(input)).toThrow(/School document .* is invalid: seoSlug/);
  });

  it('stops when two schools claim the same slug or alias', () => {
    const input = raw();
    (input.schools[1] as Record<string, unknown>).legacyAliases = [(input.schools[0] as Record<string, unknown>).seoSlug];
    expect(() => groupContent(input)).toThrow(/already used by school/);
  });
});
