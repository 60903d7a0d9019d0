/**
 * Giveaway entry links whose id was upper-cased (some mail tools do this), served from the built
 * site through Netlify's own engine (as route-walk.test.ts does): one 301 to the lower-case
 * address, which answers 200 with the entry form. Netlify matches rule paths case-sensitively,
 * which is what keeps the rule from matching its own target.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNetlifySite } from '../../scripts/local-stack/site/netlify-engine.ts';
import { DIST, accessibleName, buildReport, parseHtml } from './helpers.ts';

const ORIGIN = 'http://localhost:4321';
const site = createNetlifySite({ distDir: DIST, netlifyToml: join(process.cwd(), 'netlify.toml') });

async function get(
  path: string,
): Promise<{ status: number; location: string | null; body: string }> {
  const response = await site.handle(new Request(new URL(path, ORIGIN)));
  const body = await response.text();
  return { status: response.status, location: response.headers.get('location'), body };
}

const openEntries = buildReport()
  .schools.map((school) => school.giveaway)
  .filter((route) => route.includes('/giveaway-entry/'));

describe("an upper-cased giveaway id on Netlify's engine", () => {
  it('the build has an open giveaway to try', () => {
    expect(openEntries.length).toBeGreaterThan(0);
  });

  it.each(openEntries)(
    '%s: the upper-case id answers one 301 to this address, which answers 200 with the entry form',
    async (entry) => {
      expect(entry).toBe(entry.toLowerCase());
      const [, school, id] = /^\/([^/]+)\/giveaway-entry\/([^/]+)$/.exec(entry) ?? [];
      const upper = `/${school}/giveaway-entry/${id?.toUpperCase()}`;

      const first = await get(upper);
      expect({
        status: first.status,
        to: first.location && new URL(first.location, ORIGIN).pathname,
      }).toEqual({ status: 301, to: entry });

      const landed = await get(entry);
      expect(landed.status).toBe(200);
      const form = parseHtml(landed.body).querySelector('form');
      expect(form && accessibleName(form)).toBe('Enter for your chance to win');
      expect(
        [...(form?.querySelectorAll('label') ?? [])].map(
          (label) => label.textContent?.trim().split(/\s+/)[0],
        ),
      ).toEqual(expect.arrayContaining(['Name', 'Email', 'State', 'Phone']));
    },
  );

  it('the lower-case address is served as it is, with no redirect (so the rule cannot loop)', async () => {
    for (const entry of openEntries) {
      const answer = await get(entry);
      expect({ entry, status: answer.status, location: answer.location }).toEqual({
        entry,
        status: 200,
        location: null,
      });
    }
  });
});
