/**
 * What the status functions answer (publish-status, deploys), and the one rule of what a visitor
 * may learn of a document (`statusFor`). The Studio reads the answers with these schemas.
 */
import { z } from 'zod';
import { deployStateSchema } from './deploy-history.ts';
import { triggerKindSchema } from './hook-body.ts';

/** Ids in one status question. */
export const MAX_STATUS_IDS = 100;
/** Sanity's document id characters; a published id never starts with `drafts.`. */
export const SANITY_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

export const notLiveCodeSchema = z.enum([
  'build-failed',
  'school-left-out',
  'not-launched',
  'content-problem',
  'no-tenant',
  'site-locked',
  'rolled-back',
]);
export type NotLiveCode = z.infer<typeof notLiveCodeSchema>;

export const documentStatusSchema = z.discriminatedUnion('state', [
  // `deploy`: editors only.
  z.object({ state: z.literal('live'), since: z.string(), deploy: z.string().optional() }),
  z.object({
    state: z.literal('publishing'),
    // Editors only:
    deploy: z.string().optional(),
    startedAt: z.string().optional(),
    /**
     * It waits (the queue's hold): why, and when the site starts it; `cause` the hold's (any text: a
     * newer site may add one). No `nextTryAt` while a restore holds it (`cause` "restored"): it
     * starts when the operator ends the restore, at no time the site knows.
     */
    waiting: z
      .object({
        reason: z.string(),
        nextTryAt: z.string().optional(),
        cause: z.string().optional(),
      })
      .optional(),
  }),
  z.object({
    state: z.literal('not-live'),
    reason: z.string(),
    code: notLiveCodeSchema,
    // Editors only:
    school: z.string().optional(),
    field: z.string().optional(),
    deploy: z.string().optional(),
  }),
  z.object({ state: z.literal('unknown'), reason: z.string() }),
]);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;
export type DocumentState = DocumentStatus['state'];

/** Shown to a visitor for anything the public site does not show: the words of an id that never existed. */
export const UNKNOWN_TO_VISITORS = 'No recorded deploy carried this document yet.';

/**
 * What a visitor may learn of a document: only what the public site shows. `public`: the live
 * deploy carries the document and its school's pages (or the site's) are on the site. Anything
 * else (a school being prepared, left out, retired; an id that never existed) reads as an unknown
 * id, in the same words; no deploy ids, no times of builds, no build errors, no field names. An
 * editor gets `status` as it is.
 *
 * | state      | editor               | visitor, public document         | visitor, any other |
 * |------------|----------------------|----------------------------------|--------------------|
 * | live       | since, deploy        | since                            | unknown            |
 * | publishing | deploy, startedAt, waiting | (state only)               | unknown            |
 * | not-live   | reason, code, school, field, deploy | reason, code (the visitor's words) | unknown |
 * | unknown    | reason               | the unknown id's words           | the same           |
 */
export function statusFor(
  caller: 'visitor' | 'editor',
  status: DocumentStatus,
  isPublic: boolean,
  visitorReason?: string,
): DocumentStatus {
  if (caller === 'editor') return status;
  if (!isPublic || status.state === 'unknown')
    return { state: 'unknown', reason: UNKNOWN_TO_VISITORS };
  if (status.state === 'live') return { state: 'live', since: status.since };
  if (status.state === 'publishing') return { state: 'publishing' };
  return { state: 'not-live', reason: visitorReason ?? status.reason, code: status.code };
}

/** An editor Sanity has just proven: the pass the Studio sends back (PASS_HEADER), and until when it holds. */
export const editorPassSchema = z.object({ pass: z.string(), expiresAt: z.string() });
export type EditorPass = z.infer<typeof editorPassSchema>;

/** 503 to a token the function could not check yet: "checking your access", and when to ask again. */
export const accessCheckingSchema = z.object({
  message: z.string(),
  access: z.literal('checking'),
  retryAfterSeconds: z.number().int().positive(),
});
export type AccessChecking = z.infer<typeof accessCheckingSchema>;

/** In an answer: a new pass for the editor, or `null` when the pass sent proves nothing here (forget it). */
const answerPassSchema = editorPassSchema.nullable().optional();

export const publishStatusAnswerSchema = z.object({
  documents: z.record(z.string(), documentStatusSchema),
  checkedAt: z.string(),
  editorPass: answerPassSchema,
});
export type PublishStatusAnswer = z.infer<typeof publishStatusAnswerSchema>;

export const deploySummarySchema = z.object({
  /** Editors only: Netlify's deploy id (its permalink serves that deploy). */
  id: z.string().optional(),
  state: deployStateSchema,
  context: z.string().nullable(),
  production: z.boolean(),
  live: z.boolean(),
  title: z.string().nullable(),
  trigger: z.object({
    kind: z.enum([...triggerKindSchema.options, 'unknown']),
    documents: z.number().int().nonnegative(),
    /** Editors only: why the freshness check asked for it. */
    freshness: z.string().optional(),
  }),
  createdAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  deployTimeSec: z.number().nullable(),
  errorMessage: z.string().optional(),
  schools: z.object({
    /** Up to LISTED_SCHOOLS; `builtCount` counts them all. */
    built: z.array(z.object({ seoSlug: z.string(), url: z.string() })),
    builtCount: z.number().int().nonnegative(),
    leftOut: z.array(z.object({ seoSlug: z.string().optional(), reason: z.string() })),
    leftOutMore: z.number().int().nonnegative(),
  }),
});
export type DeploySummary = z.infer<typeof deploySummarySchema>;

/** Editors only: the publish queue while what waits is held (a restore, the build hook did not answer, a build was lost, the deploy budget…); no `nextTryAt` for a restore. */
export const queueSummarySchema = z.object({
  waiting: z.number().int().nonnegative(),
  reason: z.string(),
  nextTryAt: z.string().optional(),
  cause: z.string().optional(),
  /** A freshness build waits too: why it was asked for. */
  freshness: z.string().optional(),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

/** Editors only: what the production deploys cost, and what limits them. */
export const deploySpendSummarySchema = z.object({
  /** The production deploys that succeeded today and this month (UTC), and which day that is. */
  today: z.number().int().nonnegative(),
  month: z.number().int().nonnegative(),
  day: z.string(),
  /** The deploy budget (DEPLOY_BUDGET_PER_HOUR), when one is set. */
  budgetPerHour: z.number().int().positive().optional(),
});
export type DeploySpendSummary = z.infer<typeof deploySpendSummarySchema>;

/** Editors only: the freshness check's last outcome. */
export const freshnessSummarySchema = z.object({
  checkedAt: z.string(),
  outcome: z.string(),
  build: z.boolean(),
});
export type FreshnessSummary = z.infer<typeof freshnessSummarySchema>;

/**
 * What a visitor learns of the deploys: what the public site shows, when it last changed and which
 * schools are on it; no deploys, triggers, counts of documents or failures.
 */
export const publicSiteSummarySchema = z.object({
  /** When the deploy visitors get was published. */
  lastChangedAt: z.string(),
  schools: deploySummarySchema.shape.schools.pick({ built: true, builtCount: true }),
});
export type PublicSiteSummary = z.infer<typeof publicSiteSummarySchema>;

/** Editors: `deploys` (and `waitingToBuild`); visitors: `site` only (`deploys` empty). */
export const deploysAnswerSchema = z.object({
  deploys: z.array(deploySummarySchema),
  waitingToBuild: queueSummarySchema.optional(),
  spend: deploySpendSummarySchema.optional(),
  freshness: freshnessSummarySchema.optional(),
  site: publicSiteSummarySchema.nullable().optional(),
  checkedAt: z.string(),
  editorPass: answerPassSchema,
});
export type DeploysAnswer = z.infer<typeof deploysAnswerSchema>;
