/**
 * The status answers, pure: what one document's state is (publish-status) and what the recent
 * deploys were (deploys), from a snapshot of the publish queue and the deploy records (a View).
 * Never `live` without a record: a document is live only when the live deploy's build record
 * lists its revision. A visitor's answer says nothing the public site does not show (a school
 * that is not launched is "not launched yet", never named; no field names, no build errors); an
 * editor's adds the school, the field and the deploy.
 */
import { isPublished, timeOf } from './deploy-state.ts';
import {
  leftOutCode, MAX_STATUS_IDS, SANITY_ID_PATTERN,
  type BuildProblem, type DeployRecord, type DeploySummary, type DocumentStatus, type LeftOutEntry, type LivePointer, type NotLiveCode, type PublishedDocument,
  type PublishQueue, type SiteRecord, type StoredReport,
} from './records.ts';
import type { CallerKind } from './access.ts';

export interface View {
  queue: PublishQueue;
  live: LivePointer | undefined;
  liveRecord: DeployRecord | undefined;
  liveReport: StoredReport | undefined;
  site: SiteRecord | undefined;
  /** Kept deploy records, newest first. */
  deploys: DeployRecord[];
  /** Stored reports of production deploys newer than the live one that were published (rolled back) or are ready (locked). */
  newerReports: Map<string, StoredReport>;
}

export interface StatusQuestion {
  id: string;
  rev?: string;
}

// ---- The reasons, in words an editor understands ------------------------------------------------

export const REASONS = {
  unreadable: 'The publish records cannot be read right now; try again in a moment.',
  noRecord: 'No recorded deploy carried this document yet.',
  otherRevisionLive: 'No recorded deploy carried this version of the document; another version is live.',
  liveWithoutRecord: 'The live deploy left no record of the documents it carries.',
  buildFailed: 'The build that was to publish this change failed, so the previous version is still live.',
  buildCanceled: 'The build that was to publish this change was canceled, so the previous version is still live.',
  notLaunched: 'Its school is not launched yet: only previews show it.',
  noTenant: 'Its school was left out of the build: the school has no tenant record yet.',
  schoolLeftOutVisitor: 'Its school\'s pages are not on the site.',
  schoolLeftOut: (reasons: readonly string[]) => `Its school was left out of the build: ${reasons.join('; ')}.`,
  contentProblemVisitor: 'The document has a content problem, so the page is built without it.',
  contentProblem: (reason: string) => `The document has a content problem, so the page is built without it: ${reason}`,
  siteLocked: 'The site is locked to an earlier deploy, so this version is built but not published.',
  rolledBack: 'An earlier deploy was restored, so an earlier version of this document is live.',
} as const;

// ---- The question --------------------------------------------------------------------------------

export type ParsedIds = { ok: true; questions: StatusQuestion[] } | { ok: false; message: string };

/** `ids=a,b:rev,c`: at most MAX_STATUS_IDS, each a published Sanity id (a draft id is refused by name). */
export function parseStatusIds(value: string | null): ParsedIds {
  if (value === null || value.trim() === '') return { ok: false, message: 'ids is missing: ask ?ids=<id>[:<rev>],…' };
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length > MAX_STATUS_IDS) return { ok: false, message: `at most ${MAX_STATUS_IDS} ids at a time (asked ${entries.length})` };
  const questions: StatusQuestion[] = [];
  for (const entry of entries) {
    const [id = '', rev, ...rest] = entry.split(':');
    // Names the bad id shortened, so an answer never echoes a long text.
    const shown = JSON.stringify(entry.slice(0, 140));
    if (rest.length > 0 || !SANITY_ID_PATTERN.test(id) || (rev !== undefined && !SANITY_ID_PATTERN.test(rev))) return { ok: false, message: `not a Sanity document id: ${shown}` };
    if (id.startsWith('drafts.')) return { ok: false, message: `a draft has no publish status (ask its published id): ${shown}` };
    questions.push(rev === undefined ? { id } : { id, rev });
  }
  return { ok: true, questions };
}

// ---- One document ----------------------------------------------------------------------------------

interface Carried {
  rev: string | null;
  publishedAt?: string;
}

function notLive(code: NotLiveCode, reason: string, extra: { school?: string | undefined; field?: string | null | undefined; deploy?: string | undefined }, caller: CallerKind): DocumentStatus {
  if (caller !== 'editor') return { state: 'not-live', reason, code };
  return {
    state: 'not-live', reason, code,
    ...(extra.school ? { school: extra.school } : {}),
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.deploy ? { deploy: extra.deploy } : {}),
  };
}

function unknown(reason: string): DocumentStatus {
  return { state: 'unknown', reason };
}

function leftOutStatus(entry: LeftOutEntry, deploy: string, caller: CallerKind): DocumentStatus {
  const code = leftOutCode(entry);
  if (code === 'not-launched') return notLive('not-launched', REASONS.notLaunched, { school: entry.key, deploy }, caller);
  // A visitor learns only what the site shows: the school's pages are not there.
  if (caller !== 'editor') return notLive('school-left-out', REASONS.schoolLeftOutVisitor, {}, caller);
  if (code === 'no-tenant') return notLive('no-tenant', REASONS.noTenant, { school: entry.key, deploy }, caller);
  return notLive('school-left-out', REASONS.schoolLeftOut(entry.reasons), { school: entry.key, deploy }, caller);
}

function problemOf(report: StoredReport, id: string): BuildProblem | undefined {
  return report.record.problems.find((problem) => problem.documentId != null && problem.documentId.replace(/^drafts\./, '') === id);
}

/** The state of a document the live deploy's record lists. */
function inLive(id: string, view: View, caller: CallerKind): DocumentStatus {
  const report = view.liveReport!;
  const document = report.record.documents[id]!;
  const deploy = view.live!.deployId;
  if (document.school) {
    const left = report.record.leftOut.find((entry) => entry.key === document.school);
    if (left) return leftOutStatus(left, deploy, caller);
  }
  const problem = problemOf(report, id);
  if (problem) {
    const reason = caller === 'editor' ? REASONS.contentProblem(problem.reason) : REASONS.contentProblemVisitor;
    return notLive('content-problem', reason, { school: document.school ?? undefined, field: problem.field, deploy }, caller);
  }
  return { state: 'live', since: report.liveSince[id] ?? view.live!.since, deploy };
}

/** What a deploy carried of a document: its build record's revision, else its publish batch's entry. */
function carriedBy(record: DeployRecord, id: string, view: View): Carried | undefined {
  const reported = view.newerReports.get(record.id)?.record.documents[id];
  if (reported) return { rev: reported.rev };
  return record.carried.find((document) => document.id === id);
}

/** The live deploy already carries this publish: the same revision, or (no revision known) its content was read after the publish. */
function carriedByLive(document: Carried, id: string, view: View): boolean {
  const live = view.liveReport?.record;
  const entry = live?.documents[id];
  if (!live || !entry) return false;
  if (document.rev !== null && entry.rev !== null) return document.rev === entry.rev;
  return document.publishedAt !== undefined && timeOf(live.contentReadAt) >= timeOf(document.publishedAt);
}

/**
 * The fate of a publish newer than the live deploy, if there is one: waiting or building
 * (`publishing`), or a newer build that failed, was rolled back or waits behind a lock.
 */
function newerFate(question: StatusQuestion, view: View, caller: CallerKind): DocumentStatus | undefined {
  const { id, rev } = question;
  const matches = (document: Carried) => (rev === undefined ? !carriedByLive(document, id, view) : document.rev === rev);
  const production = view.deploys.filter((record) => record.production);

  const inFlight = view.queue.inFlight;
  const flying = inFlight?.documents.find((document: PublishedDocument) => document.id === id);
  if (inFlight && flying && matches(flying)) {
    const building = production.find((record) => record.batch === inFlight.batch && record.state === 'building');
    return building
      ? { state: 'publishing', deploy: building.id, ...(building.createdAt ? { startedAt: building.createdAt } : {}) }
      : { state: 'publishing', startedAt: inFlight.calledAt };
  }
  const waiting = view.queue.waiting.find((document) => document.id === id);
  if (waiting && matches(waiting)) return { state: 'publishing' };

  const liveCreated = timeOf(view.liveRecord?.createdAt);
  for (const record of production) {
    if (record.id === view.live?.deployId || timeOf(record.createdAt) <= liveCreated) continue;
    const carried = carriedBy(record, id, view);
    if (!carried || !matches(carried)) continue;
    const deploy = record.id;
    if (record.state === 'building') return { state: 'publishing', deploy, ...(record.createdAt ? { startedAt: record.createdAt } : {}) };
    if (record.state === 'error') return notLive('build-failed', REASONS.buildFailed, { deploy }, caller);
    if (record.state === 'canceled') return notLive('build-failed', REASONS.buildCanceled, { deploy }, caller);
    if (record.firstPublishedAt !== null) return notLive('rolled-back', REASONS.rolledBack, { deploy }, caller);
    if (view.site?.locked) return notLive('site-locked', REASONS.siteLocked, { deploy }, caller);
    // Succeeded and about to be published: its notification is on the way.
    return { state: 'publishing', deploy };
  }
  return undefined;
}

export function documentStatus(question: StatusQuestion, view: View, caller: CallerKind): DocumentStatus {
  const liveDocument = view.liveReport?.record.documents[question.id];
  if (liveDocument && (question.rev === undefined || liveDocument.rev === question.rev)) {
    // Without a revision the question is about the newest publish: a newer one may be on its way.
    return (question.rev === undefined ? newerFate(question, view, caller) : undefined) ?? inLive(question.id, view, caller);
  }
  const fate = newerFate(question, view, caller);
  if (fate) return fate;
  if (view.live && !view.liveReport) return unknown(REASONS.liveWithoutRecord);
  if (liveDocument) return unknown(REASONS.otherRevisionLive);
  return unknown(REASONS.noRecord);
}

/** When nothing can be read: every document `unknown`. */
export function unreadableStatus(): DocumentStatus {
  return unknown(REASONS.unreadable);
}

// ---- The deploys ---------------------------------------------------------------------------------------

function leftOutForCaller(entry: LeftOutEntry, caller: CallerKind): { seoSlug?: string; reason: string } {
  const code = leftOutCode(entry);
  if (caller === 'editor') {
    const reason = code === 'not-launched' ? 'not launched yet' : entry.reasons.join('; ');
    return { ...(entry.seoSlug ? { seoSlug: entry.seoSlug } : { seoSlug: entry.key }), reason };
  }
  // A live school's address is public; any other school is not named.
  if (code === 'not-launched') return { reason: 'not launched yet' };
  return { ...(entry.status === 'live' && entry.seoSlug ? { seoSlug: entry.seoSlug } : {}), reason: 'left out of this build' };
}

/**
 * The recent deploys for the Deploys view, newest first. `siteOrigin`: the public site's address
 * (a production deploy's schools link there; another deploy's to its own address). A visitor sees
 * production deploys only, without titles or build errors (they may name files and schools).
 */
export function deploysSummary(view: View, caller: CallerKind, siteOrigin: string): DeploySummary[] {
  return view.deploys
    .filter((record) => caller === 'editor' || record.production)
    .map((record) => {
      const live = record.id === view.live?.deployId;
      const base = record.production ? siteOrigin : record.deployUrl;
      const trigger = record.trigger.kind === 'unknown'
        ? { kind: 'unknown' as const, documents: 0 }
        : { kind: record.trigger.kind, documents: Math.max(record.trigger.documents.length + record.trigger.more, record.carried.length) };
      return {
        id: record.id,
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
          built: (record.report?.schools ?? [])
            .filter((school) => caller === 'editor' || school.status === 'live')
            .map((school) => ({ seoSlug: school.seoSlug, url: base ? `${base.replace(/\/$/, '')}/${school.seoSlug}` : `/${school.seoSlug}` })),
          leftOut: (record.report?.leftOut ?? []).map((entry) => leftOutForCaller(entry, caller)),
        },
      } satisfies DeploySummary;
    });
}
