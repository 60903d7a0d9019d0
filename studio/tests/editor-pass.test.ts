/**
 * The editor's pass across a reload: the Studio keeps the pass the public site gave it in the tab's
 * sessionStorage, under the SHA-256 of the token (never the token), so a reloaded Studio sends it at
 * once and the site knows the editor with no call to Sanity, even while made-up tokens hold its
 * budget; a pass the site refuses is forgotten. Against the site's own status functions.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenVerdict } from '../../src/lib/deploys/access.ts';
import { buildRecord, deploy, site, statusHandlers } from '../../tests/unit/deploys/fixtures.ts';
import type { StatusSource } from '../deploys/status-source.ts';

const TOKEN = 'sk-editor-session-token';
const KEY = `school-site:editor-pass:${createHash('sha256').update(TOKEN).digest('hex')}`;
const SETTINGS = {
  SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
  SANITY_PROJECT_ID: 'abc123',
  SANITY_DATASET: 'production',
  SANITY_API_HOST: undefined,
  EDITOR_PASS_SECRET: 'a-real-editor-pass-secret-0123456789abcdef',
  SITE_ID: 'site-1111',
  CONTEXT: undefined,
};

/** The tab's sessionStorage, as the browser keeps it across a reload. */
class TabStorage implements Storage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

async function liveSite() {
  const s = site();
  s.reports.set(
    'd-1',
    buildRecord(
      { 'husky-faqs': ['r1', 'husky'], 'newu-faqs': ['n1', 'newu'] },
      {
        leftOut: [
          {
            key: 'newu',
            seoSlug: 'new-u-mobile',
            status: 'preparing',
            reasons: ['not launched yet (status preparing): only previews publish it'],
          },
        ],
      },
    ),
  );
  await s.notify(
    deploy({
      id: 'd-1',
      state: 'ready',
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:02:00.000Z',
      published_at: '2026-11-27T10:02:00.000Z',
    }),
  );
  return s;
}

/** The public site's status functions, as one instance; `verdict`: what Sanity says of the token (each call counted). */
function publicSite(
  s: Awaited<ReturnType<typeof liveSite>>,
  verdict: TokenVerdict,
  secret = SETTINGS.EDITOR_PASS_SECRET,
) {
  const clock = { now: Date.parse('2026-11-27T10:05:00.000Z') };
  const sanity = vi.fn<(token: string) => Promise<TokenVerdict>>(() => Promise.resolve(verdict));
  const functions = statusHandlers({
    openStores: { deploys: () => s.deploysStore, queue: () => s.queueStore },
    readSettings: () => ({ ...SETTINGS, EDITOR_PASS_SECRET: secret }),
    site: {},
    now: () => new Date(clock.now),
    log: () => {},
    deps: { verifyToken: sanity },
  });
  // The Studio's fetch, reaching the function as Netlify would (the caller's address included).
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
    functions.publishStatus(new Request(input, init), {
      ip: '192.0.2.10',
    })) as typeof globalThis.fetch;
  const flood = async (count: number) => {
    for (let at = 0; at < count; at += 1)
      await functions.publishStatus(
        new Request('https://site.example/api/publish-status?ids=a', {
          headers: { authorization: `Bearer junk-${at}` },
        }),
        { ip: `203.0.113.${at}` },
      );
  };
  return { sanity, fetch, flood, clock };
}

/** A Studio page as loaded in the tab: its modules fresh (nothing in memory), the tab's storage as it is, the site's clock. */
async function loadStudio({
  fetch,
  clock,
}: {
  fetch: typeof globalThis.fetch;
  clock: { now: number };
}): Promise<StatusSource> {
  vi.resetModules();
  const { createStatusSource } = await import('../deploys/status-source.ts');
  return createStatusSource({
    origin: 'https://site.example',
    token: TOKEN,
    fetch,
    now: () => clock.now,
  });
}

async function badgeOf(source: StatusSource, id: string) {
  const stop = source.watch({ id, rev: 'n1' }, () => {});
  await vi.waitFor(() => expect(source.get(id)).toBeDefined(), { timeout: 10_000 });
  stop();
  return source.get(id)!.status;
}

describe("the editor's pass in the tab", () => {
  let storage: TabStorage;
  beforeEach(() => {
    storage = new TabStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a reloaded Studio with a stored pass shows editor detail; past the verdict the site asks Sanity again from the passes' own budget, which made-up tokens cannot spend", async () => {
    const s = await liveSite();
    const site = publicSite(s, 'editor');
    const editorDetail = {
      state: 'not-live',
      code: 'not-launched',
      reason: 'Its school is not launched yet: only previews show it.',
      school: 'newu',
      deploy: 'd-1',
    };
    expect(await badgeOf(await loadStudio(site), 'newu-faqs')).toEqual(editorDetail);
    expect(site.sanity).toHaveBeenCalledTimes(1);
    // Kept under the token's hash: the tab's storage never holds the token.
    expect([...storage.items.keys()]).toEqual([KEY]);
    expect(JSON.stringify([...storage.items])).not.toContain(TOKEN);

    // Past the 5-minute verdict, with the site's budget of new tokens spent by outsiders: a reload.
    site.clock.now += 10 * 60_000;
    await site.flood(40);
    expect(await badgeOf(await loadStudio(site), 'newu-faqs')).toEqual(editorDetail);
    expect(site.sanity.mock.calls.filter(([token]) => token === TOKEN)).toHaveLength(2);
  });

  it('an editor removed from the project: their pass alone holds for 5 minutes after Sanity proved them; then the site asks Sanity, which refuses, and the Studio forgets the pass', async () => {
    const s = await liveSite();
    const sanity = { says: 'editor' as TokenVerdict };
    const site = publicSite(s, 'editor');
    site.sanity.mockImplementation(() => Promise.resolve(sanity.says));
    const proven = site.clock.now;
    expect(await badgeOf(await loadStudio(site), 'newu-faqs')).toMatchObject({ school: 'newu' });
    const given = storage.items.get(KEY);
    sanity.says = 'refused';
    site.clock.now = proven + 4 * 60_000;
    expect(await badgeOf(await loadStudio(site), 'newu-faqs')).toMatchObject({ school: 'newu' });
    expect(site.sanity).toHaveBeenCalledTimes(1);
    site.clock.now = proven + 5 * 60_000;
    expect(await badgeOf(await loadStudio(site), 'newu-faqs')).toEqual({
      state: 'unknown',
      reason: 'No recorded deploy carried this document yet.',
    });
    expect(site.sanity).toHaveBeenCalledTimes(2);
    expect(given).toBeDefined();
    expect(storage.items.has(KEY)).toBe(false);
  });

  it('an editor Sanity still accepts after 5 minutes gets a new pass, which the Studio keeps in place of the old', async () => {
    const s = await liveSite();
    const site = publicSite(s, 'editor');
    await badgeOf(await loadStudio(site), 'newu-faqs');
    const first = storage.items.get(KEY);
    site.clock.now += 6 * 60_000;
    expect(await badgeOf(await loadStudio(site), 'newu-faqs')).toMatchObject({ school: 'newu' });
    expect(site.sanity).toHaveBeenCalledTimes(2);
    const renewed = storage.items.get(KEY);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(first);
  });

  it("a pass the site refuses is forgotten (the token's user is no editor now, and the pass was another site's)", async () => {
    const s = await liveSite();
    const before = publicSite(s, 'editor', 'an-earlier-editor-pass-secret-0123456789abc');
    await badgeOf(await loadStudio(before), 'newu-faqs');
    expect(storage.items.has(KEY)).toBe(true);
    const now = publicSite(s, 'refused');
    expect(await badgeOf(await loadStudio(now), 'newu-faqs')).toEqual({
      state: 'unknown',
      reason: 'No recorded deploy carried this document yet.',
    });
    expect(storage.items.has(KEY)).toBe(false);
  });
});
