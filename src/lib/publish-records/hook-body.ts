/**
 * A publish and the build it asks for: the content webhook's body, a published document as the
 * queue and the records carry it, the build hook's body (what the build reads as
 * INCOMING_HOOK_BODY), its batch id and the deploy message it becomes.
 */
import { z } from 'zod';
import { parseJson } from '../http/json-body.ts';
import { isoTime } from './record-parts.ts';

/** Documents listed in one build hook call; past it only a count (`more`) goes along. */
export const MAX_BATCH_DOCUMENTS = 100;
/** Netlify keeps `trigger_title` to this length. */
export const MAX_TRIGGER_TITLE = 200;
export const BATCH_ID_PATTERN = /^b-[0-9a-f]{8}$/;

// The publish webhook's body (Sanity's projection {_id, _type, _rev, _updatedAt})

export const publishWebhookBodySchema = z.object({
  _id: z.string().min(1),
  _type: z.string().min(1),
  // Older webhook configurations send {_id, _type} only: still a publish, revision unknown.
  _rev: z.string().min(1).nullish(),
  _updatedAt: isoTime.nullish(),
});
export type PublishWebhookBody = z.infer<typeof publishWebhookBodySchema>;

/** One published document as the queue, the build hook body and the records carry it. */
export const publishedDocumentSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  rev: z.string().nullable(),
  publishedAt: isoTime,
});
export type PublishedDocument = z.infer<typeof publishedDocumentSchema>;

/** The webhook body as a published document; `arrivedAt` stands in for a missing `_updatedAt`. */
export function publishedDocumentFrom(
  body: PublishWebhookBody,
  arrivedAt: Date,
): PublishedDocument {
  return {
    id: body._id,
    type: body._type,
    rev: body._rev ?? null,
    publishedAt: body._updatedAt ?? arrivedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The build hook call

/** `nightly`: the daily build before the freshness check replaced it (older deploys' records say so). */
export const triggerKindSchema = z.enum(['publish', 'freshness', 'manual', 'nightly']);
export type TriggerKind = z.infer<typeof triggerKindSchema>;

/** The longest freshness reason a build hook body carries (the deploy message has room for it). */
export const MAX_FRESHNESS_REASON = 120;

export const buildHookBodySchema = z.object({
  kind: triggerKindSchema,
  batch: z.string().regex(BATCH_ID_PATTERN),
  documents: z.array(publishedDocumentSchema).max(MAX_BATCH_DOCUMENTS).default([]),
  more: z.number().int().nonnegative().default(0),
  /** Why the freshness check asked for this build ("tenant records changed for 3 schools"), when it did. */
  freshness: z.string().max(MAX_FRESHNESS_REASON).optional(),
});
export type BuildHookBody = z.infer<typeof buildHookBodySchema>;

/** What started a build: a build hook body, or `unknown` (a git push, Netlify's UI, a body that does not parse). */
export const buildTriggerSchema = z.union([
  buildHookBodySchema,
  z.object({ kind: z.literal('unknown') }),
]);
export type BuildTrigger = z.infer<typeof buildTriggerSchema>;

/** Reads INCOMING_HOOK_BODY (or any text claiming to be a build hook body). */
export function parseBuildTrigger(text: string | undefined | null): BuildTrigger {
  const json = text ? parseJson(text) : { ok: false as const };
  const parsed = json.ok ? buildHookBodySchema.safeParse(json.value) : undefined;
  return parsed?.success ? parsed.data : { kind: 'unknown' };
}

/** A new batch id: `b-` + 8 hex digits. */
export function newBatchId(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return `b-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The batch a deploy's title names (` [batch b-1a2b3c4d]` at its end), if any. */
export function batchFromTitle(title: string | null | undefined): string | undefined {
  return title?.match(/\[batch (b-[0-9a-f]{8})\]\s*$/)?.[1];
}

/** How a freshness build's deploy message starts. */
export const FRESHNESS_TITLE = 'Freshness check';

/**
 * The deploy message Netlify shows (≤ 200 characters, ending with the batch), e.g.
 * "Publish of 3 documents (landingHeader, faqs) [batch b-…]", "Freshness check: tenant records
 * changed for 3 schools [batch b-…]", "Rebuild by hand [batch b-…]" (or the `reason` given for a
 * build by hand). A publish batch that also carries a freshness build says so after its documents.
 */
export function buildHookTitle(
  body: BuildHookBody,
  now: Date = new Date(),
  reason?: string,
): string {
  const suffix = ` [batch ${body.batch}]`;
  let head: string;
  if (body.kind === 'nightly')
    head = `Nightly rebuild ${now.toISOString().slice(0, 10)} (giveaway state, enter button)`;
  // `npm run rebuild -- --title "why"`: the operator's words, still with the batch.
  else if (body.kind === 'manual') head = reason?.trim() || 'Rebuild by hand';
  else if (body.kind === 'freshness')
    head = `${FRESHNESS_TITLE}: ${body.freshness ?? 'the site would change'}`;
  else {
    const count = body.documents.length + body.more;
    const types = [...new Set(body.documents.map((document) => document.type))];
    head = `Publish of ${count} document${count === 1 ? '' : 's'}${types.length ? ` (${types.join(', ')})` : ''}${body.freshness ? `; ${FRESHNESS_TITLE.toLowerCase()}: ${body.freshness}` : ''}`;
  }
  const room = MAX_TRIGGER_TITLE - suffix.length;
  if (head.length > room) head = `${head.slice(0, room - 1)}…`;
  return `${head}${suffix}`;
}

/**
 * At most MAX_BATCH_DOCUMENTS documents, newest revision per id, the newest publishes first;
 * `more` counts the rest (plus `moreBefore` already counted elsewhere).
 */
export function boundedDocuments(
  documents: readonly PublishedDocument[],
  moreBefore = 0,
): { documents: PublishedDocument[]; more: number } {
  const newest = new Map<string, PublishedDocument>();
  for (const document of documents) {
    const seen = newest.get(document.id);
    if (!seen || seen.publishedAt <= document.publishedAt) newest.set(document.id, document);
  }
  const sorted = [...newest.values()].sort((a, b) =>
    a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0,
  );
  return {
    documents: sorted.slice(0, MAX_BATCH_DOCUMENTS),
    more: moreBefore + Math.max(0, sorted.length - MAX_BATCH_DOCUMENTS),
  };
}
