/**
 * Both content sources answer the same named queries with the same shape: the local one
 * over the bundled export with groq-js, the Sanity one over HTTP against a local server
 * that plays back a recorded answer (images as Sanity asset references).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSourceFrom, fetchBuildContent } from '../../../src/lib/content/index.ts';
import { parseEnv } from '../../../src/lib/config/env.ts';
import { createLocalSource, readNdjson } from '../../../src/lib/content/local.ts';
import { createSanitySource, SANITY_API_VERSION } from '../../../src/lib/content/sanity.ts';
import { BUILD_CONTENT_QUERY } from '../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';

const DATASET = 'src/dataset';
const documents = readNdjson(readFileSync(`${DATASET}/data.ndjson`, 'utf8'), 'data.ndjson');

/** What Sanity returns for an exported image: an asset reference named image-{id}-{w}x{h}-{ext}. */
function asSanityAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asSanityAnswer);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record._sanityAsset === 'string') {
      const file = record._sanityAsset.replace(/^image@file:\/\/\.\/images\//, '');
      const match = /^(.*)-(\d+x\d+)\.([a-z]+)$/.exec(file);
      const { _sanityAsset: _, ...rest } = record;
      return {
        ...rest,
        asset: {
          _ref: `image-${match?.[1]?.replace(/[^a-z0-9]/gi, '')}-${match?.[2]}-${match?.[3]}`,
          _type: 'reference',
        },
      };
    }
    return Object.fromEntries(
      Object.entries(record).map(([key, inner]) => [key, asSanityAnswer(inner)]),
    );
  }
  return value;
}

let server: Server;
let apiHost: string;
const requests: URL[] = [];

beforeAll(async () => {
  const recorded = asSanityAnswer(
    await createLocalSource(DATASET, documents).fetch(BUILD_CONTENT_QUERY, {
      types: TENANT_DOCUMENT_TYPES,
    }),
  );
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ ms: 1, query: url.searchParams.get('query'), result: recorded }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('content sources', () => {
  it('the Sanity source calls the query endpoint with the fixed API version and dataset', async () => {
    const source = createSanitySource({ projectId: 'test1234', dataset: 'production', apiHost });
    await source.fetch(BUILD_CONTENT_QUERY, { types: TENANT_DOCUMENT_TYPES });
    const last = requests.at(-1) as URL;
    expect(last.pathname).toBe(`/v${SANITY_API_VERSION}/data/query/production`);
    expect(last.searchParams.get('query')).toBe(BUILD_CONTENT_QUERY);
    expect(JSON.parse(last.searchParams.get('$types') ?? '[]')).toEqual(TENANT_DOCUMENT_TYPES);
    expect(source.queryCount).toBe(1);
  });

  it('the Sanity source reads published content unless told to read drafts (a preview build, with its token)', async () => {
    await createSanitySource({ projectId: 'test1234', dataset: 'production', apiHost }).fetch(
      BUILD_CONTENT_QUERY,
      { types: TENANT_DOCUMENT_TYPES },
    );
    expect(requests.at(-1)?.searchParams.get('perspective')).toBe('published');
    await createSanitySource({
      projectId: 'test1234',
      dataset: 'production',
      apiHost,
      perspective: 'drafts',
      token: 'preview-token',
    }).fetch(BUILD_CONTENT_QUERY, { types: TENANT_DOCUMENT_TYPES });
    expect(requests.at(-1)?.searchParams.get('perspective')).toBe('drafts');
    // A release stack: @sanity/client sends it comma-joined, leftmost first, and Sanity applies it.
    await createSanitySource({
      projectId: 'test1234',
      dataset: 'production',
      apiHost,
      perspective: { releases: ['rHuskyL27', 'rSpring02'] },
      token: 'preview-token',
    }).fetch(BUILD_CONTENT_QUERY, { types: TENANT_DOCUMENT_TYPES });
    expect(requests.at(-1)?.searchParams.get('perspective')).toBe('rHuskyL27,rSpring02,drafts');
    expect(() =>
      contentSourceFrom(parseEnv({ CONTENT_SOURCE: 'sanity', SANITY_PROJECT_ID: 'test1234' }), {
        releases: ['rHuskyL27'],
      }),
    ).toThrow(/SANITY_API_READ_TOKEN/);
  });

  it('a preview build from Sanity needs a read token', () => {
    const settings = parseEnv({
      CONTENT_SOURCE: 'sanity',
      SANITY_PROJECT_ID: 'test1234',
      CONTENT_PREVIEW: 'true',
    });
    expect(() => contentSourceFrom(settings, 'drafts')).toThrow(/SANITY_API_READ_TOKEN/);
    expect(contentSourceFrom({ ...settings, SANITY_API_READ_TOKEN: 't' }, 'drafts').name).toBe(
      'sanity',
    );
  });

  it('both sources give the same schools, documents and validation result', async () => {
    const local = await fetchBuildContent(createLocalSource(DATASET, documents));
    const sanity = await fetchBuildContent(
      createSanitySource({ projectId: 'test1234', dataset: 'production', apiHost }),
    );
    expect(sanity.schools.map((s) => s.school.key)).toEqual(local.schools.map((s) => s.school.key));
    expect(sanity.problems).toEqual(local.problems);
    for (const [index, school] of local.schools.entries()) {
      for (const type of TENANT_DOCUMENT_TYPES) {
        expect(
          sanity.schools[index]?.documents[type].map((doc) => doc._id),
          `${school.school.key} ${type}`,
        ).toEqual(school.documents[type].map((doc) => doc._id));
      }
    }
  });

  it('both sources resolve an image to a URL with its real size', async () => {
    const localSource = createLocalSource(DATASET, documents);
    const sanitySource = createSanitySource({
      projectId: 'test1234',
      dataset: 'production',
      apiHost,
    });
    const local = await fetchBuildContent(localSource);
    const sanity = await fetchBuildContent(sanitySource);
    const localLogo = localSource.imageUrl(local.schools[0]!.school.logo);
    const sanityHero = sanitySource.imageUrl(
      sanity.schools[0]!.documents.landingHeader[0]!.heroImage,
      [480, 1024],
    );
    const localHero = localSource.imageUrl(local.schools[0]!.documents.landingHeader[0]!.heroImage);
    expect(localLogo?.src).toMatch(/^\/content-images\/.+\.svg$/);
    expect(sanityHero).toMatchObject({ width: localHero?.width, height: localHero?.height });
    expect(sanityHero?.src).toMatch(
      /^https:\/\/cdn\.sanity\.io\/images\/test1234\/production\/.+\?.*auto=format/,
    );
    expect(sanityHero?.src).toContain('fit=max');
    expect(sanityHero?.srcset).toMatch(/w=480.* 480w, .*w=1024.* 1024w/);
  });
});
