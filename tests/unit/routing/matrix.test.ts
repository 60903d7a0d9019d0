import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupContent, type GroupedContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import { SchoolBuildError, buildSiteMatrix } from '../../../src/lib/routing/matrix.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/client.ts';

const documents = readNdjson(
  readFileSync('src/dataset/data.ndjson', 'utf8'),
  'data.ndjson',
) as Array<Record<string, unknown>>;
const tenants = JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as Array<
  Record<string, unknown>
>;
const content = () =>
  groupContent({
    schools: documents.filter((doc) => doc._type === 'school'),
    settings: documents.find((doc) => doc._type === 'siteSettings'),
    documents: documents.filter((doc) => doc._type !== 'school' && doc._type !== 'siteSettings'),
  });
const quiet = () => undefined;

describe('school × route matrix', () => {
  it('joins every school with its tenant, theme and giveaway decision', async () => {
    const seen: string[] = [];
    const matrix = await buildSiteMatrix(content(), {
      loadTenant: createTenantClient(recordsTransport(tenants), { log: quiet }),
      onSchool: (site) => seen.push(site.key),
    });
    expect(matrix.schools).toHaveLength(6);
    expect(seen.sort()).toEqual(matrix.schools.map((s) => s.key).sort());
    const open = matrix.schools.filter((s) => s.giveaway.open);
    expect(open.length).toBeGreaterThanOrEqual(2);
    for (const site of open)
      expect(site.giveaway.route).toBe(
        `/${site.seoSlug}/giveaway-entry/${site.tenant.activeGiveawayEvent}`,
      );
    for (const site of matrix.schools.filter((s) => !s.giveaway.open))
      expect(site.giveaway.route).toBe(`/${site.seoSlug}/giveaway-closed`);
    const placeholder = matrix.schools.find((s) => s.tenant.activeGiveawayEvent === 'a');
    expect(placeholder?.giveaway.showEnterButton).toBe(false);
    // A tenant record without colours takes the school document's brand colours (Cal Bears).
    const colourless = matrix.schools.find((s) => s.tenant.primaryColor === null);
    expect(colourless?.theme.primary).toBe(colourless?.content.school.primaryColor?.hex);
    expect(colourless?.theme.secondary).toBe(colourless?.content.school.secondaryColor?.hex);
  });

  it('lets configured ids override the content values', async () => {
    const husky = tenants.find((t) => t.slug === 'huskymobile');
    const matrix = await buildSiteMatrix(content(), {
      loadTenant: createTenantClient(recordsTransport(tenants), { log: quiet }),
      activeGiveawayIds: ['none'],
      hiddenEnterGiveawayIds: [String(husky?.ActiveGiveawayEvent)],
    });
    expect(matrix.schools.every((s) => !s.giveaway.open)).toBe(true);
    expect(matrix.schools.find((s) => s.key === 'huskymobile')?.giveaway.showEnterButton).toBe(
      false,
    );
  });

  it('stops the build naming the school whose tenant lookup fails', async () => {
    const withoutKentucky = tenants.filter((t) => t.slug !== 'kentuckymobile');
    const build = buildSiteMatrix(content(), {
      loadTenant: createTenantClient(recordsTransport(withoutKentucky), { log: quiet }),
    });
    await expect(build).rejects.toThrow(SchoolBuildError);
    await expect(build).rejects.toThrow(
      /^School kentuckymobile \(.+\): Tenant data failed to load\.$/,
    );
  });

  describe('school lifecycle', () => {
    const withStatus = (statuses: Record<string, Record<string, unknown>>): GroupedContent =>
      groupContent({
        schools: documents
          .filter((doc) => doc._type === 'school')
          .map((doc) => ({ ...structuredClone(doc), ...(statuses[doc.key as string] ?? {}) })),
        settings: documents.find((doc) => doc._type === 'siteSettings'),
        documents: documents.filter(
          (doc) => doc._type !== 'school' && doc._type !== 'siteSettings',
        ),
      });
    const loadTenant = (records = tenants) =>
      createTenantClient(recordsTransport(records), { log: quiet });

    it('publishes a preparing school only outside production, marked as preparing', async () => {
      const content = withStatus({ cubbymobile: { status: 'preparing' } });
      const production = await buildSiteMatrix(content, {
        loadTenant: loadTenant(),
        production: true,
      });
      expect(production.schools.map((s) => s.key)).not.toContain('cubbymobile');
      expect(production.leftOut).toEqual([
        {
          key: 'cubbymobile',
          seoSlug: 'cubbymobile',
          status: 'preparing',
          reasons: ['not launched yet (status preparing): only previews publish it'],
        },
      ]);
      const preview = await buildSiteMatrix(content, {
        loadTenant: loadTenant(),
        production: false,
      });
      expect(preview.schools.find((s) => s.key === 'cubbymobile')?.status).toBe('preparing');
      expect(preview.schools.find((s) => s.key === 'huskymobile')?.status).toBe('live');
      expect(preview.leftOut).toEqual([]);
    });

    it('leaves out a preparing school with no tenant record and builds the others', async () => {
      const content = withStatus({ kentuckymobile: { status: 'preparing' } });
      const matrix = await buildSiteMatrix(content, {
        loadTenant: loadTenant(tenants.filter((t) => t.slug !== 'kentuckymobile')),
        production: false,
      });
      expect(matrix.schools).toHaveLength(5);
      expect(matrix.leftOut).toEqual([
        {
          key: 'kentuckymobile',
          seoSlug: 'uk-kentucky-mobile',
          status: 'preparing',
          reasons: ['no tenant record: Tenant data failed to load.'],
        },
      ]);
    });

    it("sends a retired school to its successor's home, or to the main site when the successor is not published", async () => {
      const content = withStatus({
        beavsmobile: {
          status: 'retired',
          successor: { _type: 'reference', _ref: 'school-huskymobile' },
        },
        bearsmobile: { status: 'retired' },
        utesmobile: {
          status: 'retired',
          successor: { _type: 'reference', _ref: 'school-cubbymobile' },
        },
        cubbymobile: { status: 'preparing' },
      });
      // No tenant record is needed for a retired school.
      const matrix = await buildSiteMatrix(content, {
        loadTenant: loadTenant(
          tenants.filter(
            (t) => !['beavsmobile', 'bearsmobile', 'utesmobile'].includes(String(t.slug)),
          ),
        ),
        production: true,
        mainSiteUrl: 'https://main.example',
      });
      expect(matrix.schools.map((s) => s.key).sort()).toEqual(['huskymobile', 'kentuckymobile']);
      expect([...matrix.retired].sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        {
          key: 'bearsmobile',
          seoSlug: 'cal-bears-mobile',
          legacyAliases: ['bearsmobile'],
          redirectTo: 'https://main.example',
        },
        {
          key: 'beavsmobile',
          seoSlug: 'osu-beavs-mobile',
          legacyAliases: ['beavsmobile'],
          redirectTo: '/uw-husky-mobile',
        },
        {
          key: 'utesmobile',
          seoSlug: 'utah-ute-mobile',
          legacyAliases: ['utemobile'],
          redirectTo: 'https://main.example',
        },
        // The bundled dataset's own retired school.
        {
          key: 'wildcatsmobile',
          seoSlug: 'uk-wildcats-mobile',
          legacyAliases: ['wildcatsmobile', 'gowildcats'],
          redirectTo: '/uk-kentucky-mobile',
        },
      ]);
    });

    it("stops a production build on a live school's missing file, naming school, document, field and file", async () => {
      const content = withStatus({});
      const missing = {
        school: 'huskymobile',
        documentType: 'landingHeader',
        documentId: 'huskymobile-landingHeader',
        field: 'heroImage',
        file: 'huskymobile-hero-1600x900.webp',
        reason: 'file missing',
      };
      const withMissing = { ...content, problems: [missing] };
      const build = buildSiteMatrix(withMissing, { loadTenant: loadTenant(), production: true });
      await expect(build).rejects.toThrow(SchoolBuildError);
      await expect(build).rejects.toThrow(
        'School huskymobile (University of Washington) is live but refers to files that are not in the content:\n  - landingHeader (huskymobile-landingHeader) field heroImage: file huskymobile-hero-1600x900.webp is missing',
      );
      // Any other build publishes the school (its pages leave the image out); the problem stays in the matrix for the report.
      const local = await buildSiteMatrix(withMissing, {
        loadTenant: loadTenant(),
        production: false,
      });
      expect(local.schools.map((s) => s.key)).toContain('huskymobile');
      expect(local.problems).toContainEqual(missing);
    });

    it("never stops a production build on a preparing school's missing file", async () => {
      const content = withStatus({ huskymobile: { status: 'preparing' } });
      const missing = {
        school: 'huskymobile',
        documentType: 'landingHeader',
        documentId: 'huskymobile-landingHeader',
        field: 'heroImage',
        file: 'x-10x10.webp',
        reason: 'file missing',
      };
      const matrix = await buildSiteMatrix(
        { ...content, problems: [missing] },
        { loadTenant: loadTenant(), production: true },
      );
      expect(matrix.leftOut.map((s) => s.key)).toEqual(['huskymobile']);
      expect(matrix.schools).toHaveLength(5);
    });
  });
});
