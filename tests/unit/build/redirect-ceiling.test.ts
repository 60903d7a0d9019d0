/**
 * The ceiling on redirect rules (REDIRECT_RULE_LIMIT): the build's own rule step, over the bundled
 * content, refuses before writing `_redirects` when the rules reach the limit, and names the count
 * and the limit; the setting defaults to Netlify's 10,000 and cannot be raised past it.
 */
import { describe, expect, it } from 'vitest';
import { envFields } from '../../../src/lib/config/env.ts';
import { NETLIFY_REDIRECT_ADVICE } from '../../../src/lib/config/settings/sites.ts';
import { siteRedirects } from '../../../src/lib/build/integration.ts';
import { redirectCeilingProblem } from '../../../src/lib/routing/redirects.ts';
import { bundledMatrix } from '../views/school-pages.ts';

describe('the redirect ceiling', () => {
  it('defaults to the 10,000 rules from which Netlify advises wildcards, and takes only a lower value', () => {
    expect(NETLIFY_REDIRECT_ADVICE).toBe(10_000);
    expect(envFields.parse({}).REDIRECT_RULE_LIMIT).toBe(10_000);
    expect(envFields.parse({ REDIRECT_RULE_LIMIT: '5000' }).REDIRECT_RULE_LIMIT).toBe(5000);
    expect(() => envFields.parse({ REDIRECT_RULE_LIMIT: '20000' })).toThrow();
    expect(() => envFields.parse({ REDIRECT_RULE_LIMIT: 'lots' })).toThrow();
  });

  it("lets the bundled site's rules through under the default limit", async () => {
    const rules = siteRedirects(await bundledMatrix(), {
      ORDER_SERVICE_URL: undefined,
      REDIRECT_RULE_LIMIT: 10_000,
    });
    expect(rules.length).toBeGreaterThan(30);
    expect(rules.length).toBeLessThan(50);
  });

  it('refuses, naming the count and the limit, when the rules reach the limit', async () => {
    const matrix = await bundledMatrix();
    const count = siteRedirects(matrix, {
      ORDER_SERVICE_URL: undefined,
      REDIRECT_RULE_LIMIT: 10_000,
    }).length;
    expect(() =>
      siteRedirects(matrix, { ORDER_SERVICE_URL: undefined, REDIRECT_RULE_LIMIT: count }),
    ).toThrow(
      `Refusing to write ${count} redirect rules: a build writes fewer than ${count} (REDIRECT_RULE_LIMIT;`,
    );
    expect(
      siteRedirects(matrix, { ORDER_SERVICE_URL: undefined, REDIRECT_RULE_LIMIT: count + 1 }),
    ).toHaveLength(count);
  });

  it('writes counts as people read them', () => {
    expect(redirectCeilingProblem(9_999, 10_000)).toBeUndefined();
    expect(redirectCeilingProblem(10_012, 10_000)).toMatch(
      /^Refusing to write 10,012 redirect rules: a build writes fewer than 10,000 \(REDIRECT_RULE_LIMIT; Netlify advises wildcards/,
    );
  });
});
