/**
 * npm run blobs: a backup holds every record of the site's stores byte for byte (a record the code
 * cannot read included), a restore into empty stores gives them back exactly, and a restore never
 * overwrites a record the store holds unless told to replace. Proven over generated stores.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACKED_UP_STORES,
  BACKUP_FORMAT,
  exportBlobs,
  readBackup,
  restoreBlobs,
  restoreReport,
  type BackupStore,
} from '../../../scripts/lib/blobs-backup.ts';

/** A store with Netlify's rules for what a backup uses: `onlyIfNew` writes nothing over a blob. */
function memoryStores(initial: Record<string, Record<string, string>> = {}) {
  const data = new Map<string, Map<string, string>>();
  const stores = (name: string) => {
    if (!data.has(name)) data.set(name, new Map(Object.entries(initial[name] ?? {})));
    return data.get(name)!;
  };
  const open = (name: string): BackupStore => ({
    list: () => Promise.resolve({ blobs: [...stores(name).keys()].map((key) => ({ key })) }),
    get: (key) => Promise.resolve(stores(name).get(key) ?? null),
    set: (key, value, options) => {
      const store = stores(name);
      if (options?.onlyIfNew && store.has(key)) return Promise.resolve({ modified: false });
      store.set(key, value);
      return Promise.resolve({ modified: true });
    },
  });
  const contents = () =>
    Object.fromEntries(
      BACKED_UP_STORES.map((name) => [name, Object.fromEntries(stores(name))] as const),
    );
  return { open, contents };
}

const NOW = new Date('2026-12-07T10:00:00Z');
const key = fc.stringMatching(/^[a-z][a-z0-9/-]{0,20}$/);
const storeContents = fc.dictionary(key, fc.string(), { maxKeys: 8 });
const siteState = fc.record({
  'rebuild-on-publish': storeContents,
  deploys: storeContents,
});

describe('npm run blobs: export and restore', () => {
  it('export, wipe, restore gives every store back exactly, unreadable records included', async () => {
    await fc.assert(
      fc.asyncProperty(siteState, async (state) => {
        const site = memoryStores(state);
        const backup = await exportBlobs(site.open, 'site-1', NOW);
        const text = JSON.stringify(backup);
        const wiped = memoryStores();
        await restoreBlobs(wiped.open, readBackup(text, 'backup.json'), { replace: false });
        expect(wiped.contents()).toEqual(site.contents());
      }),
      { numRuns: 200 },
    );
  });

  it('a restore without --replace never overwrites what the store holds; with it, the backup wins', async () => {
    await fc.assert(
      fc.asyncProperty(siteState, siteState, async (then, now) => {
        const backup = await exportBlobs(memoryStores(then).open, 'site-1', NOW);
        const kept = memoryStores(now);
        const results = await restoreBlobs(kept.open, backup, { replace: false });
        for (const name of BACKED_UP_STORES) {
          const expected = { ...then[name], ...now[name] };
          expect(kept.contents()[name]).toEqual(expected);
          const result = results.find((entry) => entry.store === name)!;
          const differing = Object.keys(now[name]).filter(
            (k) => k in then[name] && then[name][k] !== now[name][k],
          );
          expect(result.kept.sort()).toEqual(differing.sort());
        }
        const replaced = memoryStores(now);
        await restoreBlobs(replaced.open, backup, { replace: true });
        for (const name of BACKED_UP_STORES)
          expect(replaced.contents()[name]).toEqual({ ...now[name], ...then[name] });
      }),
      { numRuns: 200 },
    );
  });

  it('says what it did per store, naming the records it kept', async () => {
    const backup = await exportBlobs(
      memoryStores({ deploys: { 'history/production': '{"v":1}', live: 'x' } }).open,
      'site-1',
      NOW,
    );
    const target = memoryStores({ deploys: { 'history/production': '{"v":2}' } });
    expect(restoreReport(await restoreBlobs(target.open, backup, { replace: false }))).toEqual([
      'rebuild-on-publish: 0 written, 0 already the same',
      'deploys: 1 written, 0 already the same, 1 newer in the store and kept (history/production; --replace overwrites them)',
    ]);
  });

  it('refuses a file that is not a backup, saying why', () => {
    expect(() => readBackup('{', 'b.json')).toThrow(
      'b.json is not JSON: not a backup made by npm run blobs -- export',
    );
    expect(() => readBackup(JSON.stringify({ format: 'other' }), 'b.json')).toThrow(
      /^b\.json is not a backup made by npm run blobs -- export \(format: /,
    );
    expect(
      readBackup(
        JSON.stringify({ format: BACKUP_FORMAT, site: 's', exportedAt: 't', stores: {} }),
        'b.json',
      ).site,
    ).toBe('s');
  });
});
