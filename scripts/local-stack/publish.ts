/**
 * A publish on this machine, as Sanity makes one: the document is written into the dataset the
 * local stack's builds read (CONTENT_DATASET_DIR/data.ndjson) with a new revision (`_rev`) and
 * publish time (`_updatedAt`), then the content webhook is posted to the site's rebuild-on-publish
 * function with the projection `{_id, _type, _rev, _updatedAt}`, signed as Sanity signs it
 * (`@sanity/webhook`). Everything after that is the site's own functions and the local Netlify.
 *   npm run publish:local -- <document id> <field>=<value> [<field>=<value> ...] [--site URL]
 * A field is a path (`title`, `faqs[0].answer` or `faqs.0.answer`); a value that reads as JSON
 * (`42`, `true`, `"text"`, `{...}`) is that JSON, anything else is text. Prints the new revision
 * and the webhook's answer.
 * Env: CONTENT_DATASET_DIR (src/dataset), SITE (the stack: http://127.0.0.1:4321, or PORT),
 *      SANITY_WEBHOOK_SECRET (default: the documented local one).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { DEFAULT_DATASET_DIR, LOCAL_SITE_PORT } from '../../src/lib/config/env.ts';
import { settingText } from '../../src/lib/config/setting-types.ts';
import { LOCAL_WEBHOOK_SECRET } from '../../src/lib/deploys/records.ts';
import { REPO_ROOT } from './env.ts';

/** Where the stack serves the content webhook: the rebuild-on-publish function's path. */
export const PUBLISH_WEBHOOK_PATH = '/.netlify/functions/rebuild-on-publish';

/** A revision id of Sanity's form: 22 letters and digits. */
export function newRevision(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(22), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** `faqs[0].answer` / `faqs.0.answer` → ['faqs', 0, 'answer']. */
export function fieldPath(path: string): Array<string | number> {
  return path.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The document with `value` at `path` (objects and arrays on the way are copied, missing ones made). */
export function withField(document: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const parts = fieldPath(path);
  if (parts.length === 0 || typeof parts[0] !== 'string' || parts[0].startsWith('_')) throw new Error(`"${path}" is not a content field`);
  const set = (node: unknown, index: number): unknown => {
    const key = parts[index] as string | number;
    const copy: Record<string | number, unknown> = Array.isArray(node) ? [...node] as never : { ...(node && typeof node === 'object' ? node : {}) };
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

/**
 * Rewrites the document in the dataset (a new file renamed over the old, so a build reading it
 * gets the old or the new dataset, never half of one), then posts the signed webhook.
 */
export async function publishLocally(publish: LocalPublish): Promise<LocalPublishResult> {
  const file = join(resolve(publish.datasetDir), 'data.ndjson');
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.trim() && (JSON.parse(line) as { _id?: string })._id === publish.id);
  if (index === -1) throw new Error(`no document ${publish.id} in ${file}`);
  let document = JSON.parse(lines[index]!) as Record<string, unknown> & { _id: string; _type: string };
  for (const [path, value] of Object.entries(publish.changes)) document = withField(document, path, value) as typeof document;
  const rev = newRevision();
  const updatedAt = (publish.now ?? new Date()).toISOString();
  const { _id, _type, _rev: _old, _updatedAt: _before, ...fields } = document;
  lines[index] = JSON.stringify({ _id, _type, _rev: rev, _updatedAt: updatedAt, ...fields });
  const temporary = `${file}.publish-${process.pid}`;
  writeFileSync(temporary, lines.join('\n'));
  renameSync(temporary, file);

  const body = JSON.stringify({ _id, _type, _rev: rev, _updatedAt: updatedAt });
  const signature = await encodeSignatureHeader(body, Date.now(), publish.secret ?? LOCAL_WEBHOOK_SECRET);
  const response = await fetch(new URL(PUBLISH_WEBHOOK_PATH, publish.siteUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
    body,
  });
  const answer = await response.text();
  return { rev, updatedAt, type: _type, status: response.status, answer, acceptedAt: performance.now() };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { site: { type: 'string' } } });
  const [id, ...assignments] = positionals;
  if (!id || assignments.length === 0 || assignments.some((item) => !item.includes('='))) {
    console.error('Usage: npm run publish:local -- <document id> <field>=<value> [<field>=<value> ...] [--site http://127.0.0.1:4321]');
    process.exit(2);
  }
  const changes = Object.fromEntries(assignments.map((item) => {
    const at = item.indexOf('=');
    return [item.slice(0, at), parseValue(item.slice(at + 1))];
  }));
  const text = (name: string) => settingText(process.env, name);
  const datasetDir = resolve(text('CONTENT_DATASET_DIR') ?? join(REPO_ROOT, DEFAULT_DATASET_DIR));
  const siteUrl = values.site ?? text('SITE') ?? `http://127.0.0.1:${text('PORT') ?? LOCAL_SITE_PORT}`;
  const result = await publishLocally({ datasetDir, id, changes, siteUrl, secret: text('SANITY_WEBHOOK_SECRET') });
  console.log(`${id} (${result.type}) written to ${join(datasetDir, 'data.ndjson')}: rev ${result.rev}, _updatedAt ${result.updatedAt}`);
  console.log(`webhook ${siteUrl}${PUBLISH_WEBHOOK_PATH}: ${result.status} ${result.answer}`);
  console.log(`status: ${siteUrl}/api/publish-status?ids=${encodeURIComponent(id)}`);
  if (result.status >= 300) process.exit(1);
}

// Run as a command, not when a test or the bench imports it.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
