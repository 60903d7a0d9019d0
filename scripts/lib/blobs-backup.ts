/**
 * The public site's Netlify Blobs state in one file and back: the publish queue's store (the
 * queue, the freshness check's record, the live deploy's inputs, the deploy budget) and the deploy
 * records' store (the histories, which deploy is live, the live index). Each blob is kept as the
 * text it holds, byte for byte, so a record the code cannot read is backed up and restored as it is.
 * A restore writes only what the store lacks unless told to replace, so it never overwrites a
 * record written since the backup by mistake.
 */
import { z } from 'zod';
import { DEPLOYS_STORE, PUBLISH_QUEUE_STORE } from '../../src/lib/publish-records/names.ts';

export const BACKUP_FORMAT = 'school-mobile/blobs-backup@1';

/** Every site-wide store the public site's functions write (deploy stores go with their deploys). */
export const BACKED_UP_STORES = [PUBLISH_QUEUE_STORE, DEPLOYS_STORE] as const;

/** The part of `@netlify/blobs`' Store a backup uses. */
export interface BackupStore {
  list(): Promise<{ blobs: Array<{ key: string }> }>;
  get(key: string, options: { type: 'text' }): Promise<string | null>;
  set(
    key: string,
    value: string,
    options?: { onlyIfNew?: boolean },
  ): Promise<{ modified: boolean }>;
}

const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  site: z.string().min(1),
  exportedAt: z.string(),
  stores: z.record(z.string(), z.record(z.string(), z.string())),
});

export type Backup = z.infer<typeof backupSchema>;

export async function exportBlobs(
  open: (name: string) => BackupStore,
  site: string,
  now: Date,
): Promise<Backup> {
  const stores: Backup['stores'] = {};
  for (const name of BACKED_UP_STORES) {
    const store = open(name);
    const { blobs } = await store.list();
    const entries: Record<string, string> = {};
    for (const { key } of [...blobs].sort((a, b) => a.key.localeCompare(b.key))) {
      const text = await store.get(key, { type: 'text' });
      // Deleted between the listing and the read: nothing to keep.
      if (text !== null) entries[key] = text;
    }
    stores[name] = entries;
  }
  return { format: BACKUP_FORMAT, site, exportedAt: now.toISOString(), stores };
}

/** The backup in a file's text, or an error saying what is wrong with it. */
export function readBackup(text: string, file: string): Backup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON: not a backup made by npm run blobs -- export`);
  }
  const parsed = backupSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `${file} is not a backup made by npm run blobs -- export (${issue.path.join('.') || 'the file'}: ${issue.message})`,
    );
  }
  return parsed.data;
}

export interface RestoredStore {
  store: string;
  /** Written: the store lacked them, or --replace. */
  written: number;
  /** Already there with the same text. */
  same: number;
  /** Already there with other text, left as they are (without --replace). */
  kept: string[];
}

export async function restoreBlobs(
  open: (name: string) => BackupStore,
  backup: Backup,
  { replace }: { replace: boolean },
): Promise<RestoredStore[]> {
  const results: RestoredStore[] = [];
  for (const [name, entries] of Object.entries(backup.stores)) {
    const store = open(name);
    const result: RestoredStore = { store: name, written: 0, same: 0, kept: [] };
    for (const [key, text] of Object.entries(entries)) {
      const { modified } = await store.set(key, text, replace ? {} : { onlyIfNew: true });
      if (modified) result.written += 1;
      else if ((await store.get(key, { type: 'text' })) === text) result.same += 1;
      else result.kept.push(key);
    }
    results.push(result);
  }
  return results;
}

/** One line per store: what the restore did. */
export function restoreReport(results: readonly RestoredStore[]): string[] {
  return results.map(
    ({ store, written, same, kept }) =>
      `${store}: ${written} written, ${same} already the same` +
      (kept.length
        ? `, ${kept.length} newer in the store and kept (${kept.join(', ')}; --replace overwrites them)`
        : ''),
  );
}
