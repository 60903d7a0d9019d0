/**
 * A publish on this machine, as Sanity makes one: the document is written into the local stack's
 * working copy of the content (DATA_DIR/dataset, working-dataset.ts; never a tracked file) with a
 * new revision (`_rev`) and publish time (`_updatedAt`), then the content webhook is posted to the
 * site's rebuild-on-publish function with the projection `{_id, _type, _rev, _updatedAt}`, signed
 * as Sanity signs it (`@sanity/webhook`). Everything after that is the site's own functions and
 * the local Netlify. A release (or scheduled draft) publishes all its documents in one
 * transaction (release-publish.ts), then one webhook per document, all at once.
 *   npm run publish:local -- <document id> <field>=<value> [<field>=<value> ...] [--site URL]
 *   npm run publish:local -- --release <release name> [--site URL]
 *   --reset-content   first make the working copy again from CONTENT_DATASET_DIR
 * A field is a path (`title`, `faqs[0].answer` or `faqs.0.answer`); a value that reads as JSON
 * (`42`, `true`, `"text"`, `{...}`) is that JSON, anything else is text. Prints the new revision
 * and the webhook's answers.
 * Env: DATA_DIR (./data), CONTENT_DATASET_DIR (src/dataset: what a new working copy is made from),
 *      SITE (the stack: http://127.0.0.1:4321, or PORT), SANITY_WEBHOOK_SECRET (default: the
 *      documented local one).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { LOCAL_SITE_PORT } from '../../src/lib/config/env.ts';
import { settingText } from '../../src/lib/config/setting-types.ts';
import { readNdjson } from '../../src/lib/content/local.ts';
import { LOCAL_WEBHOOK_SECRET } from '../../src/lib/publish-records/names.ts';
import { readSettings } from './env.ts';
import { publishRelease, type Doc, type ReleaseChange } from './release-publish.ts';
import { ensureWorkingDataset } from './working-dataset.ts';

/** Where the stack serves the content webhook: the rebuild-on-publish function's path. */
export const PUBLISH_WEBHOOK_PATH = '/.netlify/functions/rebuild-on-publish';

/** A revision id of Sanity's form: 22 letters and digits. */
export function newRevision(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(22), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** `faqs[0].answer` / `faqs.0.answer` → ['faqs', 0, 'answer']. */
export function fieldPath(path: string): Array<string | number> {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The document with `value` at `path` (objects and arrays on the way are copied, missing ones made). */
export function withField(
  document: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const parts = fieldPath(path);
  if (parts.length === 0 || typeof parts[0] !== 'string' || parts[0].startsWith('_'))
    throw new Error(`"${path}" is not a content field`);
  const set = (node: unknown, index: number): unknown => {
    const key = parts[index] as string | number;
    const copy: Record<string | number, unknown> = Array.isArray(node)
      ? ([...(node as unknown[])] as never)
      : { ...(node && typeof node === 'object' ? node : {}) };
    copy[key] = index === parts.length - 1 ? value : set(copy[key], index + 1);
    return copy;
  };
  return set(document, 0) as Record<string, unknown>;
}

/** A command-line value: JSON when it reads as JSON, else the text itself. */
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `<field>=<value>` arguments as the changes they name; undefined when there are none or one is not of that form. */
export function parseAssignments(items: readonly string[]): Record<string, unknown> | undefined {
  if (items.length === 0 || items.some((item) => item.indexOf('=') <= 0)) return undefined;
  return Object.fromEntries(
    items.map((item) => {
      const at = item.indexOf('=');
      return [item.slice(0, at), parseValue(item.slice(at + 1))];
    }),
  );
}

export interface LocalPublish {
  /** The dataset folder the builds read (CONTENT_DATASET_DIR). */
  datasetDir: string;
  id: string;
  /** Field path → new value. */
  changes: Record<string, unknown>;
  /** The stack's address (http://127.0.0.1:4321). */
  siteUrl: string;
  secret?: string;
  now?: Date;
}

export interface LocalPublishResult {
  rev: string;
  updatedAt: string;
  type: string;
  /** The webhook's answer. */
  status: number;
  answer: string;
  /** When the signed webhook was answered (ms, performance.now()). */
  acceptedAt: number;
}

/** Writes the dataset's file anew (a new file renamed over the old, so a build reading it gets the old or the new dataset, never half of one). */
function replaceDataset(file: string, text: string): void {
  const temporary = `${file}.publish-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Posts the content webhook for one document, signed as Sanity signs it. */
async function postWebhook(
  siteUrl: string,
  projection: { _id: string; _type: string; _rev: string; _updatedAt: string },
  secret: string | undefined,
) {
  const body = JSON.stringify(projection);
  const signature = await encodeSignatureHeader(body, Date.now(), secret ?? LOCAL_WEBHOOK_SECRET);
  const response = await fetch(new URL(PUBLISH_WEBHOOK_PATH, siteUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
    body,
  });
  return { status: response.status, answer: await response.text(), acceptedAt: performance.now() };
}

/** Rewrites the document in the dataset, then posts the signed webhook. */
export async function publishLocally(publish: LocalPublish): Promise<LocalPublishResult> {
  const file = join(resolve(publish.datasetDir), 'data.ndjson');
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex(
    (line) => line.trim() && (JSON.parse(line) as { _id?: string })._id === publish.id,
  );
  if (index === -1) throw new Error(`no document ${publish.id} in ${file}`);
  let document = JSON.parse(lines[index]!) as Record<string, unknown> & {
    _id: string;
    _type: string;
  };
  for (const [path, value] of Object.entries(publish.changes))
    document = withField(document, path, value) as typeof document;
  const rev = newRevision();
  const updatedAt = (publish.now ?? new Date()).toISOString();
  const { _id, _type, _rev: _old, _updatedAt: _before, ...fields } = document;
  lines[index] = JSON.stringify({ _id, _type, _rev: rev, _updatedAt: updatedAt, ...fields });
  replaceDataset(file, lines.join('\n'));
  const delivered = await postWebhook(
    publish.siteUrl,
    { _id, _type, _rev: rev, _updatedAt: updatedAt },
    publish.secret,
  );
  return { rev, updatedAt, type: _type, ...delivered };
}

export interface LocalReleasePublish {
  datasetDir: string;
  /** The release's name (`_.releases.<name>`). */
  release: string;
  siteUrl: string;
  secret?: string;
  now?: Date;
}

export interface LocalReleasePublishResult {
  /** The transaction's id: every published document's `_rev`. */
  rev: string;
  /** Each document, with the webhook's answer. */
  changes: Array<ReleaseChange & { status: number; answer: string }>;
}

/** Publishes the release in the dataset (one write), then posts one signed webhook per document, all at once, as Sanity delivers them. */
export async function publishReleaseLocally(
  publish: LocalReleasePublish,
): Promise<LocalReleasePublishResult> {
  const file = join(resolve(publish.datasetDir), 'data.ndjson');
  const rev = newRevision();
  const { documents, changes } = publishRelease(
    readNdjson(readFileSync(file), file) as Doc[],
    publish.release,
    rev,
    publish.now ?? new Date(),
  );
  replaceDataset(file, `${documents.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
  const answers = await Promise.all(
    changes.map(({ deleted: _deleted, ...projection }) =>
      postWebhook(publish.siteUrl, projection, publish.secret),
    ),
  );
  return {
    rev,
    changes: changes.map((change, index) => ({
      ...change,
      status: answers[index]!.status,
      answer: answers[index]!.answer,
    })),
  };
}

const USAGE = [
  'Usage: npm run publish:local -- <document id> <field>=<value> [<field>=<value> ...] [--site http://127.0.0.1:4321] [--reset-content]',
  '       npm run publish:local -- --release <release name> [--site http://127.0.0.1:4321] [--reset-content]',
].join('\n');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      site: { type: 'string' },
      release: { type: 'string' },
      'reset-content': { type: 'boolean', default: false },
    },
  });
  const [id, ...assignments] = positionals;
  const release = values.release;
  const changes = parseAssignments(assignments);
  if (release ? positionals.length > 0 : !id || !changes) {
    console.error(USAGE);
    process.exit(2);
  }
  const text = (name: string) => settingText(process.env, name);
  const stack = readSettings();
  const datasetDir = ensureWorkingDataset(
    stack.sourceDatasetDir,
    stack.dataDir,
    values['reset-content'],
  ).dir;
  const file = join(datasetDir, 'data.ndjson');
  const siteUrl =
    values.site ?? text('SITE') ?? `http://127.0.0.1:${text('PORT') ?? LOCAL_SITE_PORT}`;
  const secret = text('SANITY_WEBHOOK_SECRET');
  if (release) {
    const result = await publishReleaseLocally({ datasetDir, release, siteUrl, secret });
    console.log(
      `release ${release} published in ${file}: ${result.changes.length} documents, rev ${result.rev}`,
    );
    for (const change of result.changes)
      console.log(
        `  ${change._id} (${change._type})${change.deleted ? ' deleted' : ''}: webhook ${change.status} ${change.answer}`,
      );
    console.log(
      `status: ${siteUrl}/api/publish-status?ids=${encodeURIComponent(result.changes.map((change) => change._id).join(','))}`,
    );
    if (result.changes.some((change) => change.status >= 300)) process.exit(1);
    return;
  }
  const result = await publishLocally({ datasetDir, id: id!, changes: changes!, siteUrl, secret });
  console.log(
    `${id} (${result.type}) written to ${file}: rev ${result.rev}, _updatedAt ${result.updatedAt}`,
  );
  console.log(`webhook ${siteUrl}${PUBLISH_WEBHOOK_PATH}: ${result.status} ${result.answer}`);
  console.log(`status: ${siteUrl}/api/publish-status?ids=${encodeURIComponent(id!)}`);
  if (result.status >= 300) process.exit(1);
}

// Run as a command, not when a test or the bench imports it.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
