/**
 * Who is asking the status functions. A visitor (anyone: the answers are public) gets nothing a
 * visitor could not learn from the public site. An editor proves it with `Authorization: Bearer
 * <their Sanity token>` (the Studio's own session token): the function asks Sanity who the token's
 * user is on the site's project (`GET /users/me` on the project's host, through @sanity/client),
 * and only a member with one of EDITOR_ROLES is an editor. A token Sanity accepts for queries is
 * not enough: the site's own read tokens, robot tokens (provider `sanity-token`), viewers, a
 * signed-in user who is not a member (`roles` empty or absent: the Studio's own rule) and another
 * project's token (401) are visitors.
 *
 * A verdict holds VERDICT_TTL_MS (a refusal REFUSED_TTL_MS), kept per token hash. An editor Sanity
 * has proven gets a pass (editor-pass.ts) with the answer, saying when Sanity proved them; the
 * Studio sends it back. A pass younger than a verdict proves the editor with no call to Sanity (on
 * any instance); an older one is checked with Sanity again (a new pass when Sanity still says
 * editor; a visitor, and the pass refused, from the moment it says no), charged to the passes'
 * own budget (PASS_CHECK_BUDGET, token-budget.ts), which only a token with a valid pass can spend,
 * so no flood of made-up tokens delays it. The pass stands in only while Sanity gives no verdict or
 * that budget is spent, at most until it expires. So an editor removed from the project is a
 * visitor within VERDICT_TTL_MS of their last proof, whatever else is sent.
 *
 * A token without a pass that holds costs one Sanity request, at most UNKNOWN_TOKEN_BUDGET a minute
 * per function instance and a share of it per caller address (token-budget.ts). Past that budget
 * (made-up tokens can spend it), or when Sanity gives no verdict, such a caller is told "checking
 * your access" and when to ask again, never silently answered as a visitor: it may be an editor
 * not proven yet. With Sanity settings Sanity's rules refuse (or none), every caller is a visitor
 * and one log line names the setting.
 *
 * Why the editor's own token: the detailed records live in the public site's Netlify Blobs, which
 * only the site's functions read, and Sanity issues no narrower proof a Studio could hand over
 * (a per-project, read-only identity check is what `/users/me` on the project host is); the
 * token is sent only to Sanity's own host (SANITY_API_HOST may name only a local stand-in) and
 * only its hash stays in memory.
 */
import { createClient } from '@sanity/client';
import { sanityTargetProblem } from '../config/sanity-names.ts';
import { issuePass, PASS_HEADER, readPass, tokenHash, type PassScope } from './editor-pass.ts';
import {
  ADDRESS_SHARE,
  createTokenBudget,
  PASS_CHECK_BUDGET,
  UNKNOWN_TOKEN_BUDGET,
  type Spent,
} from './token-budget.ts';

export type CallerKind = 'visitor' | 'editor';
/** `editor`: a member with an editor's role; `refused`: Sanity says the token is no such member; `unreachable`: no verdict. */
export type TokenVerdict = 'editor' | 'refused' | 'unreachable';
/** Asks who a token's user is. */
export type VerifyToken = (token: string) => Promise<TokenVerdict>;

/** As the site's content client asks (src/lib/content/sanity.ts); the functions do not import the content layer. */
export const SANITY_API_VERSION = '2025-09-15';
/** The project roles that make a member an editor here: Sanity's roles that may change content. Viewers are visitors. */
export const EDITOR_ROLES: readonly string[] = [
  'administrator',
  'editor',
  'developer',
  'contributor',
];
/** How long Sanity's word that a token's user is an editor holds, here and in a pass: a removed editor's longest stay while Sanity answers. */
export const VERDICT_TTL_MS = 5 * 60_000;
export const REFUSED_TTL_MS = 60_000;
/** No verdict (Sanity unreachable): the caller is told to ask again after this long. */
export const UNREACHABLE_TTL_MS = 15_000;
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
  return user.roles.some(
    (role) =>
      typeof role === 'object' &&
      role !== null &&
      EDITOR_ROLES.includes(String((role as { name?: unknown }).name)),
  );
}

/**
 * Asks Sanity with @sanity/client who the token's user is on the project: an editor, a refusal (no
 * such member, 401/403), or no verdict. The project and dataset are ones Sanity's rules accept
 * (siteAccess decides that first).
 */
export function sanityTokenVerifier(target: SanityTarget & { projectId: string }): VerifyToken {
  return async (token) => {
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
      const user = await client.request<SanityUser>({ url: '/users/me' });
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

/**
 * Who the caller is: an editor (with a new pass when it brought none that holds), a visitor, or not
 * known yet ("checking your access"). `passRefused`: it sent a pass that proves nothing here (the
 * Studio forgets it).
 */
export type Caller =
  | { kind: 'visitor'; passRefused?: true }
  | { kind: 'editor'; pass?: { pass: string; expiresAt: string }; passRefused?: true }
  | { kind: 'checking'; retryAfterSeconds: number };

/** Who is asking, decided per request; `ip`: the caller's address (Netlify's `context.ip`), which the budget charges. */
export interface Access {
  callerOf: (request: Request, ip?: string) => Promise<Caller>;
}

export interface AccessOptions {
  verify: VerifyToken;
  /**
   * Signs and checks editors' passes (editor-pass.ts); a function is asked only when a caller brings
   * a token. None (EDITOR_PASS_SECRET unset): no pass is given or taken, editors are proven by
   * their verdicts.
   */
  pass: PassScope | (() => PassScope | undefined);
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * The status functions' access, decided once from the site's settings: with a Sanity project and
 * dataset Sanity's rules refuse (or none: sanity-names.ts) no token can be checked, so every caller
 * is a visitor, whatever the budget, and one log line names the setting; otherwise editors are
 * proven by Sanity (`verify`: tests give their own) or by their pass.
 */
export function siteAccess(
  target: SanityTarget,
  options: Omit<AccessOptions, 'verify'> & { verify?: VerifyToken },
): Access {
  const problem = sanityTargetProblem(target.projectId, target.dataset);
  // No problem means a project id (sanityTargetProblem names a missing one): the second test is for the type.
  if (problem !== undefined || !target.projectId) {
    options.log?.(
      `${problem}: editors' tokens cannot be checked, so every caller is answered as a visitor`,
    );
    return { callerOf: () => Promise.resolve({ kind: 'visitor' }) };
  }
  return createAccess({
    ...options,
    verify: options.verify ?? sanityTokenVerifier({ ...target, projectId: target.projectId }),
  });
}

type Verdict = { kind: CallerKind | 'no verdict'; at: number; until: number };

/** To the second, as a pass states when its editor was proven. */
const toSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

export function createAccess(options: AccessOptions): Access {
  const now = options.now ?? Date.now;
  const verdicts = new Map<string, Verdict>();
  const remember = (key: string, kind: Verdict['kind'], ttl: number) => {
    if (verdicts.size >= MAX_CACHED) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, { kind, at: toSecond(now()), until: now() + ttl });
  };
  // When Sanity refused a token that came with a pass that held: every pass of it proven before
  // then is refused from then on, whatever the budget. Only a token Sanity once proved can be here,
  // so made-up tokens cannot push one out.
  const refusedPasses = new Map<string, number>();
  const refusePasses = (key: string) => {
    if (refusedPasses.size >= MAX_CACHED) refusedPasses.delete(refusedPasses.keys().next().value!);
    refusedPasses.set(key, toSecond(now()));
  };
  const askAgainIn = (until: number) => ({
    kind: 'checking' as const,
    retryAfterSeconds: Math.max(1, Math.ceil((until - now()) / 1000)),
  });
  const budget = createTokenBudget();
  const spentLogged = { address: false, instance: false, passes: false };
  const { pass: given } = options;
  const passScope = typeof given === 'function' ? given : () => given;
  const spentMessages: Record<Spent['by'], string> = {
    address: `more than ${ADDRESS_SHARE} tokens not seen before in a minute from one address: answering its callers "checking your access" without asking Sanity`,
    instance: `more than ${UNKNOWN_TOKEN_BUDGET} tokens not seen before in a minute: answering "checking your access" without asking Sanity`,
    passes: `more than ${PASS_CHECK_BUDGET} editors' passes to check again in a minute: the passes stand in without asking Sanity`,
  };

  /** An editor Sanity proved at `provenAt`: with a pass saying so, when the site gives passes. */
  async function editor(token: string, provenAt: number): Promise<Caller> {
    const scope = passScope();
    return scope
      ? { kind: 'editor', pass: await issuePass(token, scope, provenAt) }
      : { kind: 'editor' };
  }

  /**
   * Sanity's verdict on `token` as kept here, else asked for when `charge` allows (`spent` when it
   * does not): the budget of tokens without a pass, or the passes' own.
   */
  async function verdictOf(
    token: string,
    charge: () => Promise<Spent | undefined>,
    spendsAs: ReadonlyArray<Spent['by']>,
  ): Promise<Verdict | { spent: Spent }> {
    // The hash, not the token, is what stays in memory.
    const key = tokenHash(token);
    const cached = verdicts.get(key);
    if (cached && cached.until > now()) return cached;
    // What tokens may cost Sanity is bounded here; made-up tokens are never cached as anyone's.
    const spent = await charge();
    if (spent) {
      if (!spentLogged[spent.by]) options.log?.(spentMessages[spent.by]);
      spentLogged[spent.by] = true;
      return { spent };
    }
    for (const by of spendsAs) spentLogged[by] = false;
    const verdict = await options.verify(token);
    if (verdict === 'unreachable') {
      options.log?.(
        'Sanity gave no verdict on a token: answering "checking your access" (an editor whose pass holds stays an editor)',
      );
      remember(key, 'no verdict', UNREACHABLE_TTL_MS);
    } else
      remember(
        key,
        verdict === 'editor' ? 'editor' : 'visitor',
        verdict === 'editor' ? VERDICT_TTL_MS : REFUSED_TTL_MS,
      );
    return verdicts.get(key)!;
  }

  /**
   * A caller whose pass holds: proven by the pass alone while it is younger than a verdict (unless
   * a newer verdict here says otherwise); after that by Sanity's verdict whenever the passes' budget
   * allows (a new pass, or a visitor from then on), the pass standing in only when Sanity gives
   * none or that budget is spent.
   */
  async function withPass(token: string, provenAt: number): Promise<Caller> {
    const key = tokenHash(token);
    if ((refusedPasses.get(key) ?? -Infinity) >= provenAt)
      return { kind: 'visitor', passRefused: true };
    const cached = verdicts.get(key);
    const newer = cached && cached.until > now() && cached.at > provenAt ? cached : undefined;
    if (!newer && now() - provenAt < VERDICT_TTL_MS) return { kind: 'editor' };
    // The passes' own budget: made-up tokens cannot spend it, so a removed editor is asked about on time.
    const verdict = newer ?? (await verdictOf(token, () => budget.chargePassCheck(), ['passes']));
    if ('spent' in verdict || verdict.kind === 'no verdict') return { kind: 'editor' };
    if (verdict.kind === 'editor') return editor(token, verdict.at);
    refusePasses(key);
    return { kind: 'visitor', passRefused: true };
  }

  return {
    async callerOf(request: Request, ip?: string): Promise<Caller> {
      const token = bearerToken(request);
      if (!token) return { kind: 'visitor' };
      const pass = request.headers.get(PASS_HEADER)?.trim();
      const scope = pass ? passScope() : undefined;
      const reading = pass && scope ? await readPass(pass, token, scope, now()) : undefined;
      if (reading?.valid) return withPass(token, reading.provenAt);
      const found = await verdictOf(token, () => budget.charge(ip), ['address', 'instance']);
      // A token past the budget, or one Sanity gave no verdict on, may be an editor's not proven
      // yet: it is told to ask again, not shown the visitor's answer.
      if ('spent' in found)
        return {
          kind: 'checking',
          retryAfterSeconds: Math.max(1, Math.ceil(found.spent.retryAfterMs / 1000)),
        };
      if (found.kind === 'no verdict') return askAgainIn(found.until);
      // A pass sent that proves nothing here is said to be refused (the Studio forgets it).
      const refused = pass ? { passRefused: true as const } : {};
      return found.kind === 'editor'
        ? { ...(await editor(token, found.at)), ...refused }
        : { kind: 'visitor', ...refused };
    },
  };
}
