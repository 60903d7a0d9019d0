/**
 * Who is asking the status functions. A visitor (anyone: the answers are public) gets nothing a
 * visitor could not learn from the public site. An editor proves it with `Authorization: Bearer
 * <their Sanity token>` (the Studio's own session token): the function asks the site's Sanity
 * project (SANITY_PROJECT_ID, SANITY_DATASET) a raw-perspective query with it, which Sanity only
 * answers for a token it accepts. The verdict is kept per token hash for a few minutes, so a
 * polling badge costs Sanity one query per editor per few minutes. If Sanity cannot be reached
 * (or the project is not set), the caller is a visitor: the answer is less detailed, never wrong.
 */
import { createHash } from 'node:crypto';
import { createClient } from '@sanity/client';

export type CallerKind = 'visitor' | 'editor';
/** `editor`: Sanity accepted the token; `refused`: it did not (401/403); `unreachable`: no verdict. */
export type TokenVerdict = 'editor' | 'refused' | 'unreachable';
export type VerifyToken = (token: string) => Promise<TokenVerdict>;

/** As the site's content client asks (src/lib/content/sanity.ts); the functions do not import the content layer. */
export const SANITY_API_VERSION = '2025-09-15';
/** Needs a token Sanity accepts and shows nothing: it counts at most one draft. */
export const EDITOR_CHECK_QUERY = 'count(*[_id in path("drafts.**")][0...1])';
export const VERDICT_TTL_MS = 5 * 60_000;
export const REFUSED_TTL_MS = 60_000;
/** No verdict (Sanity unreachable): the token is a visitor's for a little while, so made-up tokens cannot turn each call into a call to Sanity. */
export const UNREACHABLE_TTL_MS = 15_000;
const MAX_CACHED = 1_000;

export interface SanityTarget {
  projectId: string | undefined;
  dataset: string;
  /** Tests: a stand-in for Sanity's API host. */
  apiHost?: string | undefined;
  timeoutMs?: number;
}

/** Asks Sanity with @sanity/client: a 2xx is an editor, 401/403 a refusal, anything else no verdict. */
export function sanityTokenVerifier(target: SanityTarget): VerifyToken {
  return async (token) => {
    if (!target.projectId) return 'unreachable';
    const client = createClient({
      projectId: target.projectId,
      dataset: target.dataset,
      apiVersion: SANITY_API_VERSION,
      useCdn: false,
      token,
      perspective: 'raw',
      timeout: target.timeoutMs ?? 3_000,
      maxRetries: 0,
      ...(target.apiHost ? { apiHost: target.apiHost, useProjectHostname: false } : {}),
    });
    try {
      await client.fetch(EDITOR_CHECK_QUERY);
      return 'editor';
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      return status === 401 || status === 403 ? 'refused' : 'unreachable';
    }
  };
}

export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

export function createAccess(options: { verify: VerifyToken; now?: () => number; log?: (message: string) => void }) {
  const now = options.now ?? Date.now;
  const verdicts = new Map<string, { kind: CallerKind; until: number }>();

  return {
    async callerOf(request: Request): Promise<CallerKind> {
      const token = bearerToken(request);
      if (!token) return 'visitor';
      // The hash, not the token, is what stays in memory.
      const key = createHash('sha256').update(token).digest('hex');
      const cached = verdicts.get(key);
      if (cached && cached.until > now()) return cached.kind;
      const verdict = await options.verify(token);
      if (verdict === 'unreachable') options.log?.('Sanity gave no verdict on a token: answering as to a visitor');
      const kind: CallerKind = verdict === 'editor' ? 'editor' : 'visitor';
      const ttl = verdict === 'editor' ? VERDICT_TTL_MS : verdict === 'refused' ? REFUSED_TTL_MS : UNREACHABLE_TTL_MS;
      if (verdicts.size >= MAX_CACHED) verdicts.delete(verdicts.keys().next().value!);
      verdicts.set(key, { kind, until: now() + ttl });
      return kind;
    },
  };
}
