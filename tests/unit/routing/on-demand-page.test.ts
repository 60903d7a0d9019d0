import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import {
  giveawayEntryPathsOf,
  planPathsOf,
  schoolPathsOf,
  type SiteMatrix,
} from '../../../src/lib/routing/index.ts';
import { buildSiteMatrix } from '../../../src/lib/routing/matrix.ts';
import {
  isSchoolRoute,
  onDemandPageProps,
  pathsOfRoute,
} from '../../../src/lib/routing/on-demand-page.ts';
import { createTenantClient, recordsTransport } from '../../../src/lib/tenants/client.ts';

const documents = readNdjson(
  readFileSync('src/dataset/data.ndjson', 'utf8'),
  'data.ndjson',
) as Array<Record<string, unknown>>;
const tenants = JSON.parse(readFileSync('src/dataset/tenants.json', 'utf8')) as Array<
  Record<string, unknown>
>;
const husky = tenants.find((tenant) => tenant.slug === 'huskymobile')!;
const event = String(husky.ActiveGiveawayEvent);

async function matrix(activeGiveawayIds: string[]): Promise<SiteMatrix> {
  const content = groupContent({
    schools: documents.filter((doc) => doc._type === 'school'),
    settings: documents.find((doc) => doc._type === 'siteSettings'),
    documents: documents.filter((doc) => doc._type !== 'school' && doc._type !== 'siteSettings'),
  });
  return buildSiteMatrix(content, {
    loadTenant: createTenantClient(recordsTransport(tenants), { log: () => undefined }),
    activeGiveawayIds,
  });
}

/** Each school page shell under src/pages/[school] as Astro names its route, with the paths function its getStaticPaths is. */
function pageShells(): Array<{ pattern: string; paths: string }> {
  const root = 'src/pages';
  const files = readdirSync(join(root, '[school]'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(astro|ts)$/.test(file),
  );
  return files.map((file) => {
    const source = readFileSync(join(root, '[school]', file), 'utf8');
    const paths = /export const getStaticPaths = (\w+);/.exec(source)?.[1] ?? 'none';
    const route = `/${relative(root, join(root, '[school]', file))
      .replace(/\.(astro|ts)$/, '')
      .replace(/\/index$/, '')}`;
    return { pattern: route, paths };
  });
}

describe("a page rendered on request gets what its shell's getStaticPaths gives it", () => {
  it('each school page shell is paired with its own paths function', () => {
    const twins: Record<string, unknown> = {
      schoolPaths: schoolPathsOf,
      planPaths: planPathsOf,
      giveawayEntryPaths: giveawayEntryPathsOf,
    };
    const shells = pageShells();
    expect(shells.length).toBeGreaterThanOrEqual(10);
    for (const { pattern, paths } of shells) {
      expect(isSchoolRoute(pattern), pattern).toBe(true);
      expect(pathsOfRoute(pattern), `${pattern} (getStaticPaths = ${paths})`).toBe(twins[paths]);
    }
  });

  it.each([
    ['/[school]', { school: 'uw-husky-mobile' }, {}],
    ['/[school]/why', { school: 'uw-husky-mobile' }, {}],
    ['/[school]/broadband-labels.csv', { school: 'uw-husky-mobile' }, {}],
    [
      '/[school]/[plans]',
      { school: 'uw-husky-mobile', plans: 'faculty' },
      { customerType: 'faculty' },
    ],
    [
      '/[school]/giveaway-entry/[guid]',
      { school: 'uw-husky-mobile', guid: event.toLowerCase() },
      { eventGUID: event },
    ],
  ])('%s %o', async (pattern, params, extra) => {
    const props = onDemandPageProps(await matrix([event]), pattern, params);
    expect(props?.site.key).toBe('huskymobile');
    expect(props).toMatchObject(extra);
  });

  it.each([
    ['an unknown school', '/[school]', { school: 'nope' }],
    [
      'a customer type that is not one',
      '/[school]/[plans]',
      { school: 'uw-husky-mobile', plans: 'alumni' },
    ],
    [
      'the entry page of another event',
      '/[school]/giveaway-entry/[guid]',
      { school: 'uw-husky-mobile', guid: 'other' },
    ],
    [
      "the entry page's id in upper case (the page lives at the lower-case id)",
      '/[school]/giveaway-entry/[guid]',
      { school: 'uw-husky-mobile', guid: event.toUpperCase() },
    ],
    ['a page of no school', '/search', {}],
    ['params the route does not have', '/[school]', { school: 'uw-husky-mobile', plans: 'fan' }],
  ])('no page: %s', async (_name, pattern, params) => {
    expect(onDemandPageProps(await matrix([event]), pattern, params)).toBeUndefined();
  });

  it("the entry page of an event that is not open is no page, by the build's rule", async () => {
    const closed = await matrix([]);
    expect(
      onDemandPageProps(closed, '/[school]/giveaway-entry/[guid]', {
        school: 'uw-husky-mobile',
        guid: event.toLowerCase(),
      }),
    ).toBeUndefined();
    expect(
      onDemandPageProps(closed, '/[school]/giveaway-closed', { school: 'uw-husky-mobile' })?.site
        .giveaway.open,
    ).toBe(false);
  });
});
