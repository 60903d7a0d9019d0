/**
 * The status answers, pure: what one document's state is (publish-status) and what the recent
 * deploys were (deploys), from a snapshot of the publish queue, the deploy histories and the live
 * index (a View). Never `live` without a record: a document is live only when the live deploy's
 * index lists its revision. Each answer is made as an editor gets it, then cut to what the caller
 * may see by the one rule next to the answer's schema (`statusFor` in status-answers.ts): a visitor learns
 * nothing the public site does not show.
 */
import { isPublished, timeOf } from './deploy-state.ts';
import { leftOutCode, type LeftOutEntry } from '../publish-records/build-record.ts';
import {
  type DeployRecord,
  type IndexEntry,
  type LivePointer,
  type ProductionHistory,
} from '../publish-records/deploy-history.ts';
import { type FreshnessState, type PublishQueue } from '../publish-records/queue-record.ts';
import {
  MAX_STATUS_IDS,
  SANITY_ID_PATTERN,
  statusFor,
  type DeploysAnswer,
  type DeploySpendSummary,
  type DeploySummary,
  type DocumentStatus,
  type NotLiveCode,
  type QueueSummary,
} from '../publish-records/status-answers.ts';
import { RESTORED_REASON, restoreHold } from '../rebuild/restore-hold.ts';
import type { CallerKind } from './access.ts';

export interface View {
  queue: PublishQueue;
  history: ProductionHistory;
  /** The deploy visitors get: `history.live`, or a newer deploy whose index is written and whose pointer is about to follow. */
  live: LivePointer | null;
  /** Deploy previews and branch deploys, newest first (read for the deploys answer only). */
  other: DeployRecord[];
  /** The live index's entry of each document asked about; null when it lists none (or its shard is not the live deploy's). */
  documents: ReadonlyMap<string, IndexEntry | null>;
  /** Whether the index read for this id is the live deploy's. */
  indexed: (id: string) => boolean;
  /** When the live deploy's build read its content (from its index). */
  contentReadAt: string | undefined;
  /** The freshness check's record (read for an editor's deploys answer only). */
  freshness?: FreshnessState;
}

export interface StatusQuestion {
  id: string;
  rev?: string;
}

// ---- The reasons, in words an editor understands ------------------------------------------------

export const REASONS = {
  unreadable: 'The publish records cannot be read right now; try again in a moment.',
  noRecord: 'No recorded deploy carried this document yet.',
  otherRevisionLive:
    'No recorded deploy carried this version of the document; another version is live.',
  liveWithoutRecord: 'The live deploy left no record of the documents it carries.',
  buildFailed:
    'The build that was to publish this change failed, so the previous version is still live.',
  buildCanceled:
    'The build that was to publish this change was canceled, so the previous version is still live.',
  notLaunched: 'Its school is not launched yet: only previews show it.',
  noTenant: 'Its school was left out of the build: the school has no tenant record yet.',
  schoolNotBuilt:
    'Its school is not one the site publishes (retired, or not a school of the site).',
  schoolLeftOut: (reasons: string) => `Its school was left out of the build: ${reasons}.`,
  contentProblemVisitor: 'The document has a content problem, so the page is built without it.',
  contentProblem: (reason: string) =>
    `The document has a content problem, so the page is built without it: ${reason}`,
  siteLocked:
    'The site is locked to an earlier deploy, so this version is built but not published.',
  rolledBack: 'An earlier deploy was restored, so an earlier version of this document is live.',
} as const;

// ---- The question --------------------------------------------------------------------------------

export type ParsedIds = { ok: true; questions: StatusQuestion[] } | { ok: false; message: string };

/** `ids=a,b:rev,c`: at most MAX_STATUS_IDS, each a published Sanity id (a draft id is refused by name). */
export function parseStatusIds(value: string | null): ParsedIds {
  if (value === null || value.trim() === '')
    return { ok: false, message: 'ids is missing: ask ?ids=<id>[:<rev>],…' };
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > MAX_STATUS_IDS)
    return {
      ok: false,
      message: `at most ${MAX_STATUS_IDS} ids at a time (asked ${entries.length})`,
    };
  const questions: StatusQuestion[] = [];
  for (const entry of entries) {
    const [id = '', rev, ...rest] = entry.split(':');
    // Names the bad id shortened, so an answer never echoes a long text.
    const shown = JSON.stringify(entry.slice(0, 140));
    if (
      rest.length > 0 ||
      !SANITY_ID_PATTERN.test(id) ||
      (rev !== undefined && !SANITY_ID_PATTERN.test(rev))
    )
      return { ok: false, message: `not a Sanity document id: ${shown}` };
    if (id.startsWith('drafts.'))
      return {
        ok: false,
        message: `a draft has no publish status (ask its published id): ${shown}`,
      };
    questions.push(rev === undefined ? { id } : { id, rev });
  }
  return { ok: true, questions };
}

// ---- One document, as an editor gets it ------------------------------------------------------------

interface Carried {
  rev: string | null;
  publishedAt?: string;
}

function notLive(
  code: NotLiveCode,
  reason: string,
  extra: {
    school?: string | null | undefined;
    field?: string | null | undefined;
    deploy?: string | undefined;
  } = {},
): DocumentStatus {
  return {
    state: 'not-live',
    reason,
    code,
    ...(extra.school ? { school: extra.school } : {}),
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.deploy ? { deploy: extra.deploy } : {}),
  };
}

const unknown = (reason: string): DocumentStatus => ({ state: 'unknown', reason });

/** The state of a document the live deploy's index lists. */
function inLive(entry: IndexEntry, deploy: string): DocumentStatus {
  const [, since, school, code, field, reason] = entry;
  const where = { school, field, deploy };
  switch (code) {
    case null:
      return { state: 'live', since, deploy };
    case 'not-launched':
      return notLive('not-launched', REASONS.notLaunched, where);
    case 'no-tenant':
      return notLive('no-tenant', REASONS.noTenant, where);
    case 'school-left-out':
      return notLive(
        'school-left-out',
        REASONS.schoolLeftOut(reason ?? 'no reason recorded'),
        where,
      );
    case 'school-not-built':
      return notLive('school-left-out', REASONS.schoolNotBuilt, where);
    case 'content-problem':
      return notLive(
        'content-problem',
        REASONS.contentProblem(reason ?? 'no reason recorded'),
        where,
      );
  }
}

/** What a deploy newer than the live one carried of a document: the revision it brought live, else its publish batch's entry. */
function carriedBy(record: DeployRecord, id: string): Carried | undefined {
  return (
    record.brought?.documents.find((document) => document.id === id) ??
    record.carried.find((document) => document.id === id)
  );
}

/** The live deploy already carries this publish: the same revision, or (no revision known) its content was read after the publish. */
function carriedByLive(
  document: Carried,
  entry: IndexEntry | null | undefined,
  contentReadAt: string | undefined,
): boolean {
  if (!entry) return false;
  if (document.rev !== null && entry[0] !== null) return document.rev === entry[0];
  return (
    document.publishedAt !== undefined &&
    contentReadAt !== undefined &&
    timeOf(contentReadAt) >= timeOf(document.publishedAt)
  );
}

/**
 * The fate of a publish newer than the live deploy, if there is one: waiting or building
 * (`publishing`), or a newer build that failed, was rolled back or waits behind a lock.
 */
function newerFate(question: StatusQuestion, view: View): DocumentStatus | undefined {
  const { id, rev } = question;
  const entry = view.documents.get(id);
  const matches = (document: Carried) =>
    rev === undefined ? !carriedByLive(document, entry, view.contentReadAt) : document.rev === rev;
  const { deploys, site } = view.history;
  const { live } = view;

  const inFlight = view.queue.inFlight;
  const flying = inFlight?.documents.find((document) => document.id === id);
  if (inFlight && flying && matches(flying)) {
    const building = deploys.find(
      (record) => record.batch === inFlight.batch && record.state === 'building',
    );
    return building
      ? {
          state: 'publishing',
          deploy: building.id,
          ...(building.createdAt ? { startedAt: building.createdAt } : {}),
        }
      : { state: 'publishing', startedAt: inFlight.calledAt };
  }
  const waiting = view.queue.waiting.find((document) => document.id === id);
  if (waiting && matches(waiting)) {
    // A restore the operator made holds it until they end it: no time to name.
    if (restoreHold(view.queue))
      return { state: 'publishing', waiting: { reason: RESTORED_REASON, cause: 'restored' } };
    const hold = view.queue.hold;
    return hold
      ? {
          state: 'publishing',
          waiting: { reason: hold.reason, nextTryAt: hold.until, cause: hold.cause },
        }
      : { state: 'publishing' };
  }

  const liveRecord = deploys.find((record) => record.id === live?.deployId);
  const liveCreated = timeOf(liveRecord?.createdAt);
  for (const record of deploys) {
    if (record.id === live?.deployId || timeOf(record.createdAt) <= liveCreated) continue;
    const carried = carriedBy(record, id);
    if (!carried || !matches(carried)) continue;
    const deploy = record.id;
    if (record.state === 'building')
      return {
        state: 'publishing',
        deploy,
        ...(record.createdAt ? { startedAt: record.createdAt } : {}),
      };
    if (record.state === 'error') return notLive('build-failed', REASONS.buildFailed, { deploy });
    if (record.state === 'canceled')
      return notLive('build-failed', REASONS.buildCanceled, { deploy });
    if (record.firstPublishedAt !== null)
      return notLive('rolled-back', REASONS.rolledBack, { deploy });
    if (site?.locked) return notLive('site-locked', REASONS.siteLocked, { deploy });
    // Succeeded and about to be published: its notification is on the way.
    return { state: 'publishing', deploy };
  }
  return undefined;
}

function editorStatus(question: StatusQuestion, view: View): DocumentStatus {
  const entry = view.documents.get(question.id);
  const { live } = view;
  if (live && entry && (question.rev === undefined || entry[0] === question.rev)) {
    // Without a revision the question is about the newest publish: a newer one may be on its way.
    return (
      (question.rev === undefined ? newerFate(question, view) : undefined) ??
      inLive(entry, live.deployId)
    );
  }
  const fate = newerFate(question, view);
  if (fate) return fate;
  if (live && !view.indexed(question.id)) return unknown(REASONS.liveWithoutRecord);
  if (entry) return unknown(REASONS.otherRevisionLive);
  return unknown(REASONS.noRecord);
}

/**
 * A document's status for `caller`. For a visitor, only a document the live deploy carries on a
 * page of the site (its school built, or a site-wide document) can be anything but unknown.
 */
export function documentStatus(
  question: StatusQuestion,
  view: View,
  caller: CallerKind,
): DocumentStatus {
  const status = editorStatus(question, view);
  const entry = view.documents.get(question.id);
  const onTheSite = entry != null && (entry[3] === null || entry[3] === 'content-problem');
  return statusFor(
    caller,
    status,
    onTheSite,
    status.state === 'not-live' && status.code === 'content-problem'
      ? REASONS.contentProblemVisitor
      : undefined,
  );
}

/** When nothing can be read: every document `unknown` (the unreadable words, which tell nothing of any document). */
export function unreadableStatus(): DocumentStatus {
  return unknown(REASONS.unreadable);
}

// ---- The deploys ---------------------------------------------------------------------------------------

function leftOutForEditor(entry: LeftOutEntry): { seoSlug: string; reason: string } {
  const reason =
    leftOutCode(entry) === 'not-launched' ? 'not launched yet' : entry.reasons.join('; ');
  return { seoSlug: entry.seoSlug ?? entry.key, reason };
}

/**
 * The schools a deploy's build published, each linked where that deploy serves it (a production
 * deploy's at `siteOrigin`, the public site; another's at its own address): for an editor all of
 * them, for a visitor the live ones only (a school not launched is neither named nor counted).
 */
function builtSchools(
  record: DeployRecord,
  caller: CallerKind,
  siteOrigin: string,
): Pick<DeploySummary['schools'], 'built' | 'builtCount'> {
  const base = record.production ? siteOrigin : record.deployUrl;
  const built = (record.report?.schools ?? []).filter(
    (school) => caller === 'editor' || school.status === 'live',
  );
  return {
    built: built.map((school) => ({
      seoSlug: school.seoSlug,
      url: base ? `${base.replace(/\/$/, '')}/${school.seoSlug}` : `/${school.seoSlug}`,
    })),
    // A visitor is told of production deploys only, which build live schools only: the count is public.
    builtCount: record.report?.schoolCount ?? 0,
  };
}

/**
 * The recent deploys for the Deploys view (an editor's answer), newest first. `siteOrigin`: the
 * public site's address (a production deploy's schools link there; another deploy's to its own address).
 */
export function deploysSummary(
  view: View,
  caller: CallerKind,
  siteOrigin: string,
): DeploySummary[] {
  const records =
    caller === 'editor'
      ? [...view.history.deploys, ...view.other].sort(
          (a, b) => timeOf(b.createdAt) - timeOf(a.createdAt),
        )
      : view.history.deploys;
  return records.map((record) => {
    const live = record.id === view.live?.deployId;
    const trigger =
      record.trigger.kind === 'unknown'
        ? { kind: 'unknown' as const, documents: 0 }
        : {
            kind: record.trigger.kind,
            documents: Math.max(
              record.trigger.documents.length + record.trigger.more,
              record.carried.length,
            ),
            ...(caller === 'editor' && record.trigger.freshness
              ? { freshness: record.trigger.freshness }
              : {}),
          };
    const report = record.report;
    const leftOut =
      caller === 'editor'
        ? (report?.leftOut ?? []).map(leftOutForEditor)
        : // A live school's address is public; any other school is not named, nor counted.
          (report?.leftOut ?? [])
            .filter((entry) => entry.status === 'live' && entry.seoSlug)
            .map((entry) => ({ seoSlug: entry.seoSlug!, reason: 'left out of this build' }));
    return {
      ...(caller === 'editor' ? { id: record.id } : {}),
      state: live ? 'live' : record.state,
      context: record.context,
      production: record.production,
      live,
      title: caller === 'editor' ? record.title : null,
      trigger,
      createdAt: record.createdAt,
      publishedAt: isPublished(record) ? record.publishedAt : null,
      deployTimeSec: record.deployTimeSec,
      ...(caller === 'editor' && record.errorMessage ? { errorMessage: record.errorMessage } : {}),
      schools: {
        ...builtSchools(record, caller, siteOrigin),
        leftOut,
        leftOutMore: caller === 'editor' ? (report?.leftOutMore ?? 0) : 0,
      },
    } satisfies DeploySummary;
  });
}

/**
 * The deploys answer. An editor gets the recent deploys and what waits; a visitor only what the
 * public site shows: when it last changed (the live deploy's publish time) and its live schools.
 */
export function deploysAnswer(
  view: View,
  caller: CallerKind,
  siteOrigin: string,
  now: Date,
  budgetPerHour?: number,
): DeploysAnswer {
  const checkedAt = now.toISOString();
  if (caller === 'editor') {
    const waiting = waitingToBuild(view);
    const { freshness } = view;
    return {
      deploys: deploysSummary(view, caller, siteOrigin),
      ...(waiting ? { waitingToBuild: waiting } : {}),
      spend: spendSummary(view.history, now, budgetPerHour),
      ...(freshness
        ? {
            freshness: {
              checkedAt: freshness.checkedAt,
              outcome: freshness.outcome,
              build: freshness.build,
            },
          }
        : {}),
      checkedAt,
    };
  }
  const live = view.history.deploys.find((record) => record.id === view.live?.deployId);
  const site =
    live && view.live
      ? { lastChangedAt: view.live.since, schools: builtSchools(live, 'visitor', siteOrigin) }
      : null;
  return { deploys: [], site, checkedAt };
}

/**
 * Publishes held (a restore the operator made; the build hook did not answer, a build was lost, the
 * deploy budget…), and when the site starts them (a restore: when the operator ends it, no time):
 * an editor's answer only. A restore is said even when nothing waits yet.
 */
export function waitingToBuild(view: View): QueueSummary | undefined {
  const { hold, fresh } = view.queue;
  const waiting = view.queue.waiting.length + view.queue.waitingMore;
  if (restoreHold(view.queue))
    return {
      waiting,
      reason: RESTORED_REASON,
      cause: 'restored',
      ...(fresh ? { freshness: fresh.reason } : {}),
    };
  if (!hold) return undefined;
  return {
    waiting,
    reason: hold.reason,
    nextTryAt: hold.until,
    cause: hold.cause,
    ...(fresh ? { freshness: fresh.reason } : {}),
  };
}

/** The production deploys that succeeded today and this month (UTC), from the history's count, and the budget. */
export function spendSummary(
  history: ProductionHistory,
  now: Date,
  budgetPerHour?: number,
): DeploySpendSummary {
  const day = now.toISOString().slice(0, 10);
  const days = history.spend?.month === day.slice(0, 7) ? history.spend.days : [];
  return {
    today: days[Number(day.slice(8, 10)) - 1] ?? 0,
    month: days.reduce((sum, count) => sum + count, 0),
    day,
    ...(budgetPerHour ? { budgetPerHour } : {}),
  };
}
