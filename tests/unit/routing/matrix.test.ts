import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import { SchoolBuildError, buildSiteMatrix } from '../../../src/lib/routing/matrix.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/client.ts';

const documents = readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson') as Array<Record<string, unknown>>;
const tenants = JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as Array<Record<string, unknown>>;
const content = () => groupContent({
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
    for (const site of open) expect(site.giveaway.route).toBe(`/${site.seoSlug}/giveaway-entry/${site.tenant.activeGiveawayEvent}`);
    for (const site of matrix.schools.filter((s) => !s.giveaway.open)) expect(site.giveaway.route).toBe(`/${site.seoSlug}/giveaway-closed`);
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
    expect(matrix.schools.find((s) => s.key === 'huskymobile')?.giveaway.showEnterButton).toBe(false);
  });

  it('stops the build naming the school whose tenant lookup fails', async () => {
    const withoutKentucky = tenants.filter((t) => t.slug !== 'kentuckymobile');
    const build = buildSiteMatrix(content(), { loadTenant: createTenantClient(recordsTransport(withoutKentucky), { log: quiet }) });
    await expect(build).rejects.toThrow(SchoolBuildError);
    await expect(build).rejects.toThrow(/^School kentuckymobile \(.+\): Tenant data failed to load\.$/);
  });
});
