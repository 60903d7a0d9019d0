/**
 * Who is asking the status functions. A visitor (anyone: the answers are public) gets nothing a
 * visitor could not learn from the public site. An editor proves it with `Authorization: Bearer
 * <their Sanity token>` (the Studio's own session token): the function asks Sanity who the token's
 * user is on the site's project (`GET /users/me` on the project's host, through @sanity/client),
 * and only a member with one of EDITOR_ROLES is an editor. A token Sanity accepts for queries is
 * not enough: the site's own read tokens, robot tokens (provider `sanity-token`), viewers, a
 * signed-in user who is not a member (`roles` empty or absent: the Studio's own rule) and another
 * project's token (401) are visitors. The verdict is kept per token hash for a few minutes; a
 * token not seen before costs one Sanity request, at most UNKNOWN_TOKEN_BUDGET a minute per
 * function instance (past it the caller is a visitor, and one log line says so). If Sanity cannot
 * be reached (or the project is not set), the caller is a visitor: the answer is less detailed,
 * never wrong.
 *
 * Why the editor's own token: the detailed records live in the public site's Netlify Blobs, which
 * only the site's functions read, and Sanity issues no narrower proof a Studio could hand over
 * (a per-project, read-only identity check is what `/users/me` on the project host is); the
 * token is sent only to Sanity's own host (SANITY_API_HOST may name only a local stand-in) and
 * only its hash stays in memory.
 */
import { createHash } from 'node:crypto';
import { createClient } from '@sanity/client';
import { RateLimiterMemory } from 'rate-limiter-flexible';

export type CallerKind = 'visitor' | 'editor';
/** `editor`: a member with an editor's role; `refused`: Sanity says the token is no such member; `unreachable`: no verdict. */
export type TokenVerdict = 'editor' | 'refused' | 'unreachable';
export type VerifyToken = (token: string) => Promise<TokenVerdict>;

/** As the site's content client asks (src/lib/content/sanity.ts); the functions do not import the content layer. */
export const SANITY_API_VERSION = '2025-09-15';
/** The project roles that make a member an editor here: Sanity's roles that may change content. Viewers are visitors. */
export const EDITOR_ROLES: readonly string[] = ['administrator', 'editor', 'developer', 'contributor'];
export const VERDICT_TTL_MS = 5 * 60_000;
export const REFUSED_TTL_MS = 60_000;
/** No verdict (Sanity unreachable): the token is a visitor's for a little while. */
export const UNREACHABLE_TTL_MS = 15_000;
/** Tokens not seen before that one function instance asks Sanity about, per minute. */
export const UNKNOWN_TOKEN_BUDGET = 30;
const MAX_CACHED = 1_000;

export interface SanityTarget {
  projectId: string | undefined;
  dataset: string;
  /** Tests: a local stand-in for Sanity's API host (loopback only: function-settings.ts). */
  apiHost?: string | undefined;
  timeoutMs?: number;
}

/** Sanity's answer about a token's user, as far as membership goes. */
export interface SanityUser {
  id?: unknown;
  provider?: unknown;
  roles?: unknown;
}

/** A member of the project with an editor's role; robots and members without roles are not. */
export function isEditor(user: SanityUser): boolean {
  if (typeof user.id !== 'string' || user.id === '') return false;
  if (user.provider === 'sanity-token') return false;
  if (!Array.isArray(user.roles) || user.roles.length === 0) return false;
  return user.roles.some((role) => typeof role === 'object' && role !== null && EDITOR_ROLES.includes(String((role as { name?: unknown }).name)));
}

/** Asks Sanity with @sanity/client who the token's user is on the project: an editor, a refusal (no such member, 401/403), or no verdict. */
export function sanityTokenVerifier(target: SanityTarget): VerifyToken {
  return async (token) => {
    if (!target.projectId) return 'unreachable';
    const client = createClient({
      projectId: target.projectId,
      dataset: target.dataset,
      apiVersion: SANITY_API_VERSION,
      useCdn: false,
      token,
      timeout: target.timeoutMs ?? 3_000,
      maxRetries: 0,
      ...(target.apiHost ? { apiHost: target.apiHost, useProjectHostname: false } : {}),
    });
    try {
      const user = await client.request<SanityUser>({ uri: '/users/me' });
      return isEditor(user ?? {}) ? 'editor' : 'refused';
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

export function createAccess(options: { verify: VerifyToken; now?: () => number; log?: (message: string) => void; budget?: number }) {
  const now = options.now ?? Date.now;
  const verdicts = new Map<string, { kind: CallerKind; until: number }>();
  const budget = new RateLimiterMemory({ points: options.budget ?? UNKNOWN_TOKEN_BUDGET, duration: 60 });
  let spentLogged = false;

  return {
    async callerOf(request: Request): Promise<CallerKind> {
      const token = bearerToken(request);
      if (!token) return 'visitor';
      // The hash, not the token, is what stays in memory.
      const key = createHash('sha256').update(token).digest('hex');
      const cached = verdicts.get(key);
      if (cached && cached.until > now()) return cached.kind;
      // Made-up tokens are never cached as anyone's: what they may cost Sanity is bounded here.
      const allowed = await budget.consume('sanity', 1).then(() => true, () => false);
      if (!allowed) {
        if (!spentLogged) options.log?.(`more than ${options.budget ?? UNKNOWN_TOKEN_BUDGET} tokens not seen before in a minute: answering them as visitors without asking Sanity`);
        spentLogged = true;
        return 'visitor';
      }
      spentLogged = false;
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
