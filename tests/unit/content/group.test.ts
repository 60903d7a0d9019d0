import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ContentError,
  groupContent,
  type RawBuildContent,
} from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';

// As a build reads it: the published documents (the dataset also holds a scheduled draft).
const documents = applyPerspective(
  readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson'),
  'published',
) as Array<Record<string, unknown>>;
const raw = (): RawBuildContent => ({
  schools: documents.filter((doc) => doc._type === 'school').map((doc) => structuredClone(doc)),
  settings: structuredClone(documents.find((doc) => doc._type === 'siteSettings')),
  documents: documents
    .filter((doc) => doc._type !== 'school' && doc._type !== 'siteSettings')
    .map((doc) => structuredClone(doc)),
});

describe('grouping and validating content', () => {
  it('finds no problem in the bundled dataset', () => {
    const grouped = groupContent(raw());
    expect(grouped.problems).toEqual([]);
    expect(grouped.schools).toHaveLength(6);
    // Its one retired school: Kentucky's earlier brand, whose addresses now open Kentucky Mobile.
    expect(grouped.retiredSchools).toEqual([
      expect.objectContaining({
        key: 'wildcatsmobile',
        seoSlug: 'uk-wildcats-mobile',
        legacyAliases: ['wildcatsmobile', 'gowildcats'],
        successor: { _type: 'reference', _ref: 'school-kentuckymobile' },
      }),
    ]);
  });

  it('reports an invalid document with school, type, id and field, and leaves it out', () => {
    const input = raw();
    // A school's own document (the first faqs document is the product's, of no school).
    const faqs = input.documents.find(
      (doc) =>
        (doc as Record<string, unknown>)._type === 'faqs' &&
        (doc as Record<string, unknown>).school,
    ) as Record<string, unknown>;
    // A blank title is the school's own value (an unset one would be the product's).
    faqs.title = '   ';
    const grouped = groupContent(input);
    const school = grouped.schools.find(
      (s) => s.school._id === (faqs.school as { _ref: string })._ref,
    );
    expect(school?.documents.faqs).toEqual([]);
    expect(grouped.problems).toContainEqual({
      school: school?.school.key,
      documentType: 'faqs',
      documentId: faqs._id,
      reason: expect.stringContaining('title') as string,
      issues: [{ field: 'title', message: expect.any(String) as string }],
    });
    expect(grouped.problems).toContainEqual({
      school: school?.school.key,
      documentType: 'faqs',
      reason: 'missing',
    });
  });

  it('reports a missing customer-type document', () => {
    const input = raw();
    // Neither the product nor the school has faculty plan cards.
    input.documents = input.documents.filter(
      (doc) =>
        !(
          (doc as Record<string, unknown>)._type === 'planCards' &&
          (doc as Record<string, unknown>).customerType === 'faculty'
        ),
    );
    expect(groupContent(input).problems).toContainEqual({
      school: 'huskymobile',
      documentType: 'planCards',
      reason: 'faculty missing',
      field: 'customerType',
    });
  });

  it('reports documents of an unregistered school', () => {
    const input = raw();
    input.documents.push({
      _id: 'x.faqs',
      _type: 'faqs',
      school: { _type: 'reference', _ref: 'school-nosuchschool' },
    });
    expect(groupContent(input).problems).toContainEqual({
      school: 'school-nosuchschool',
      documentType: 'faqs',
      documentId: 'x.faqs',
      reason: 'document references no registered school (school-nosuchschool)',
      field: 'school',
    });
  });

  it('reports a document with no school reference (the old `tenant` string is not enough)', () => {
    const input = raw();
    input.documents.push({ _id: 'y.faqs', _type: 'faqs', tenant: 'huskymobile' });
    expect(groupContent(input).problems).toContainEqual({
      school: '(no school)',
      documentType: 'faqs',
      documentId: 'y.faqs',
      reason: 'document has no school reference',
      field: 'school',
    });
  });

  it('resolves a school reference to a draft school id by its published id', () => {
    const input = raw();
    // A school's own document (the first faqs document is the product's, of no school).
    const faqs = input.documents.find(
      (doc) =>
        (doc as Record<string, unknown>)._type === 'faqs' &&
        (doc as Record<string, unknown>).school,
    ) as Record<string, unknown>;
    const ref = (faqs.school as { _ref: string })._ref;
    faqs.school = { _type: 'reference', _ref: `drafts.${ref}` };
    const grouped = groupContent(input);
    expect(grouped.problems).toEqual([]);
    expect(grouped.schools.find((s) => s.school._id === ref)?.documents.faqs).toHaveLength(1);
  });

  it('stops on an invalid school registry entry, naming it', () => {
    const input = raw();
    (input.schools[0] as Record<string, unknown>).seoSlug = 'Not A Slug';
    expect(() => groupContent(input)).toThrow(ContentError);
    expect(() => groupContent(input)).toThrow(/School document .* is invalid: seoSlug/);
  });

  it('stops on a live school whose address is one the site serves itself, naming school and field', () => {
    const input = raw();
    (input.schools[0] as Record<string, unknown>).seoSlug = 'search';
    expect(() => groupContent(input)).toThrow(
      /School document .* is invalid: seoSlug: "search" is an address the site serves itself/,
    );
  });

  it('stops when two schools claim the same address', () => {
    const input = raw();
    (input.schools[1] as Record<string, unknown>).seoSlug = (
      input.schools[0] as Record<string, unknown>
    ).seoSlug;
    expect(() => groupContent(input)).toThrow(/already used by school/);
  });

  describe('school lifecycle', () => {
    const schoolOf = (input: RawBuildContent, key: string) =>
      input.schools.find((doc) => (doc as Record<string, unknown>).key === key) as Record<
        string,
        unknown
      >;

    it('reads a school without a status as live, and keeps preparing schools with their documents', () => {
      const input = raw();
      schoolOf(input, 'cubbymobile').status = 'preparing';
      const grouped = groupContent(input);
      expect(grouped.schools.find((s) => s.school.key === 'huskymobile')?.school.status).toBe(
        'live',
      );
      const cubby = grouped.schools.find((s) => s.school.key === 'cubbymobile');
      expect(cubby?.school.status).toBe('preparing');
      expect(cubby?.documents.faqs).toHaveLength(1);
    });

    it('keeps only the addresses and successor of a retired school, reads none of its documents and reports none of them', () => {
      const input = raw();
      const beavs = schoolOf(input, 'beavsmobile');
      Object.assign(beavs, {
        status: 'retired',
        successor: { _type: 'reference', _ref: 'school-huskymobile' },
      });
      delete beavs.logo;
      const grouped = groupContent(input);
      expect(grouped.schools.map((s) => s.school.key)).not.toContain('beavsmobile');
      expect(grouped.retiredSchools.filter((school) => school.key !== 'wildcatsmobile')).toEqual([
        expect.objectContaining({
          key: 'beavsmobile',
          seoSlug: 'osu-beavs-mobile',
          legacyAliases: ['beavsmobile'],
          successor: { _type: 'reference', _ref: 'school-huskymobile' },
        }),
      ]);
      expect(grouped.problems).toEqual([]);
    });

    it('still refuses an address a retired school holds, and leaves out an alias it holds', () => {
      const input = raw();
      schoolOf(input, 'beavsmobile').status = 'retired';
      schoolOf(input, 'cubbymobile').legacyAliases = ['beavsmobile'];
      const grouped = groupContent(input);
      expect(
        grouped.schools.find((s) => s.school.key === 'cubbymobile')?.school.legacyAliases,
      ).toEqual([]);
      expect(grouped.problems).toContainEqual(
        expect.objectContaining({
          school: 'cubbymobile',
          field: 'legacyAliases',
          reason: expect.stringContaining('also an old address of school beavsmobile') as string,
        }),
      );
      schoolOf(input, 'cubbymobile').seoSlug = 'osu-beavs-mobile';
      expect(() => groupContent(input)).toThrow(/already used by school/);
    });

    it('reports a preparing school whose school document is invalid instead of stopping', () => {
      const input = raw();
      const cubby = schoolOf(input, 'cubbymobile');
      cubby.status = 'preparing';
      delete cubby.schoolName;
      const grouped = groupContent(input);
      expect(grouped.schools.map((s) => s.school.key)).not.toContain('cubbymobile');
      expect(grouped.unusableSchools).toEqual([
        {
          key: 'cubbymobile',
          status: 'preparing',
          seoSlug: 'cubbymobile',
          documentId: 'school-cubbymobile',
        },
      ]);
      expect(grouped.problems).toEqual([
        expect.objectContaining({
          school: 'cubbymobile',
          documentType: 'school',
          documentId: 'school-cubbymobile',
          issues: [{ field: 'schoolName', message: expect.any(String) as string }],
        }),
      ]);
    });

    it('reports a retired school whose successor is itself instead of stopping', () => {
      const input = raw();
      Object.assign(schoolOf(input, 'beavsmobile'), {
        status: 'retired',
        successor: { _type: 'reference', _ref: 'school-beavsmobile' },
      });
      const grouped = groupContent(input);
      expect(grouped.retiredSchools.map((school) => school.key)).toEqual(['wildcatsmobile']);
      expect(grouped.unusableSchools).toEqual([
        {
          key: 'beavsmobile',
          status: 'retired',
          seoSlug: 'osu-beavs-mobile',
          documentId: 'school-beavsmobile',
        },
      ]);
      expect(grouped.problems).toEqual([
        expect.objectContaining({
          school: 'beavsmobile',
          documentType: 'school',
          issues: [{ field: 'successor', message: 'A school cannot be its own successor' }],
        }),
      ]);
    });

    it('stops on a live school that names a successor, with the rule in the message', () => {
      const input = raw();
      schoolOf(input, 'cubbymobile').successor = { _type: 'reference', _ref: 'school-huskymobile' };
      expect(() => groupContent(input)).toThrow(
        /school-cubbymobile \(cubbymobile\) is invalid: successor: Only a retired school names a successor/,
      );
    });

    it('refuses an unknown status', () => {
      const input = raw();
      schoolOf(input, 'cubbymobile').status = 'paused';
      expect(() => groupContent(input)).toThrow(
        /school-cubbymobile \(cubbymobile\) is invalid: status/,
      );
    });
  });

  it("reports an alias that is another school's address against its school document, leaves it out, and keeps the rest", () => {
    const input = raw();
    const [first, second] = input.schools as Array<Record<string, unknown>>;
    const aliases = second!.legacyAliases as string[];
    second!.legacyAliases = [first!.seoSlug, ...aliases];
    const grouped = groupContent(input);
    expect(grouped.schools).toHaveLength(6);
    expect(grouped.problems).toEqual([
      {
        school: second!.key,
        documentType: 'school',
        documentId: second!._id,
        field: 'legacyAliases',
        reason: `legacy alias left out of the redirects: "${String(first!.seoSlug)}" is the address of school ${String(first!.key)}`,
      },
    ]);
    expect(
      grouped.schools.find((entry) => entry.school.key === second!.key)?.school.legacyAliases,
    ).toEqual(aliases);
  });

  it('reports a blank or malformed alias instead of stopping the build', () => {
    const input = raw();
    (input.schools[0] as Record<string, unknown>).legacyAliases = [
      '   ',
      'Old School',
      'search',
      'old-school',
    ];
    const grouped = groupContent(input);
    expect(grouped.problems.map((problem) => problem.reason)).toEqual([
      expect.stringContaining('"   " is not one address segment'),
      expect.stringContaining('"Old School" is not one address segment'),
      expect.stringContaining('"search" is an address the site serves itself'),
    ]);
    expect(grouped.schools[0]?.school.legacyAliases).toEqual(['old-school']);
  });
});
