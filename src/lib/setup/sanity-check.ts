/**
 * What `npm run setup:check` asks Sanity, and how it reads the answers: one cheap query with the
 * site's project and dataset, with and without the token, through @sanity/client (passed in, so
 * the rules never touch the network). Answers name statuses and error codes, never a message
 * (which may hold an id) and never a value.
 */
import type { ClientConfig } from '@sanity/client';
import { SANITY_API_VERSION } from '../content/sanity.ts';
import { settingText } from '../config/setting-types.ts';

type Source = Record<string, string | undefined>;

const text = settingText;

/** What a check asks Sanity: one cheap query against the project and dataset, with or without the token. */
export interface SanityTarget {
  projectId: string;
  dataset: string;
  token?: string | undefined;
  apiHost?: string | undefined;
}

export type SanityAnswer =
  /** The query ran: how many siteSettings documents this target sees. */
  | { outcome: 'answered'; siteSettings: number }
  /** A 4xx: the settings are wrong (401/403 a token, 404 the project or dataset). */
  | { outcome: 'refused'; status: number }
  /** No answer, or a 5xx: says nothing about the settings. `reason` names no host and no value. */
  | { outcome: 'failed'; reason: string };

export type AskSanity = (target: SanityTarget) => Promise<SanityAnswer>;

export const SANITY_CHECK_QUERY = 'count(*[_type == "siteSettings"])';

// ---- Asking Sanity -------------------------------------------------------------------------------

export interface SanityPart {
  /** Each problem's text, starting with the setting it names (its scopes come from the registry). */
  problems: string[];
  notes: string[];
  sanity: 'answered' | 'not reached';
}

const NOT_FOUND = (names: string) =>
  `${names}: Sanity answers 404 (no such project, or no such dataset in it)`;
const TOKEN_REFUSED = (status: number) =>
  `SANITY_API_READ_TOKEN: Sanity refused it (HTTP ${status}): a revoked or mistyped token, or one of another project`;
const NO_SETTINGS =
  "SANITY_DATASET: the dataset answers but holds no siteSettings document (another dataset than the content's, or the content is not imported yet)";

function unreachable(reason: string, what = 'the project, dataset and token'): string {
  return `could not reach Sanity: ${reason} — ${what} were not checked`;
}

export const TOKEN_UNKNOWN =
  'SANITY_API_READ_TOKEN is unset: right for a public dataset; a private dataset needs one, and whether this one is private was not known';

export async function askForProduction(
  source: Source,
  ask: AskSanity,
  target: SanityTarget,
): Promise<SanityPart> {
  const token = text(source, 'SANITY_API_READ_TOKEN');
  const [anonymous, withToken] = await Promise.all([
    ask(target),
    token ? ask({ ...target, token }) : undefined,
  ]);
  if (
    (anonymous.outcome === 'refused' && anonymous.status === 404) ||
    (withToken?.outcome === 'refused' && withToken.status === 404)
  ) {
    return {
      problems: [NOT_FOUND('SANITY_PROJECT_ID / SANITY_DATASET')],
      notes: [],
      sanity: 'answered',
    };
  }
  const isPublic = anonymous.outcome === 'answered' && anonymous.siteSettings > 0;
  if (withToken) {
    if (withToken.outcome === 'failed')
      return { problems: [], notes: [unreachable(withToken.reason)], sanity: 'not reached' };
    if (withToken.outcome === 'refused')
      return { problems: [TOKEN_REFUSED(withToken.status)], notes: [], sanity: 'answered' };
    if (withToken.siteSettings === 0)
      return { problems: [NO_SETTINGS], notes: [], sanity: 'answered' };
    const visibility = isPublic
      ? 'the dataset is public, so the public site would build without SANITY_API_READ_TOKEN too'
      : anonymous.outcome === 'failed'
        ? 'whether the dataset is public was not known'
        : 'the dataset is private, so the public site needs the token';
    return {
      problems: [],
      notes: [`Sanity: the project, dataset and token answer; ${visibility}`],
      sanity: 'answered',
    };
  }
  if (anonymous.outcome === 'failed')
    return {
      problems: [],
      notes: [unreachable(anonymous.reason), TOKEN_UNKNOWN],
      sanity: 'not reached',
    };
  if (isPublic) {
    return {
      problems: [],
      notes: [
        'Sanity: the project and dataset answer without a token (a public dataset), so the public site needs no SANITY_API_READ_TOKEN',
      ],
      sanity: 'answered',
    };
  }
  const why =
    anonymous.outcome === 'refused'
      ? `Sanity answers HTTP ${anonymous.status} without a token`
      : 'without a token the dataset shows no siteSettings document';
  return {
    problems: [
      `SANITY_API_READ_TOKEN: ${why}: the dataset is private (the public site needs a read token) or has no content yet`,
    ],
    notes: [],
    sanity: 'answered',
  };
}

export async function askForPreview(
  source: Source,
  ask: AskSanity,
  target: SanityTarget,
): Promise<SanityPart> {
  const token = text(source, 'SANITY_API_READ_TOKEN');
  const answer = await ask({ ...target, token });
  if (answer.outcome === 'failed')
    return { problems: [], notes: [unreachable(answer.reason)], sanity: 'not reached' };
  if (answer.outcome === 'refused' && answer.status === 404) {
    return {
      problems: [NOT_FOUND('SANITY_PROJECT_ID / SANITY_DATASET')],
      notes: [],
      sanity: 'answered',
    };
  }
  if (!token)
    return {
      problems: [],
      notes: ['Sanity: the project and dataset exist; the token, missing, was not tried'],
      sanity: 'answered',
    };
  if (answer.outcome === 'refused')
    return { problems: [TOKEN_REFUSED(answer.status)], notes: [], sanity: 'answered' };
  if (answer.siteSettings === 0) return { problems: [NO_SETTINGS], notes: [], sanity: 'answered' };
  return {
    problems: [],
    notes: ['Sanity: the project, dataset and token answer'],
    sanity: 'answered',
  };
}

export async function askForStudio(ask: AskSanity, target: SanityTarget): Promise<SanityPart> {
  // Editors sign in to the Studio: no token to try. A private dataset answers nothing (or 401) without one, and still exists.
  const answer = await ask(target);
  if (answer.outcome === 'failed')
    return {
      problems: [],
      notes: [unreachable(answer.reason, 'the project and dataset')],
      sanity: 'not reached',
    };
  if (answer.outcome === 'refused' && answer.status === 404) {
    return {
      problems: [NOT_FOUND('SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET')],
      notes: [],
      sanity: 'answered',
    };
  }
  return { problems: [], notes: ['Sanity: the project and dataset exist'], sanity: 'answered' };
}

// ---- Sanity's client as an AskSanity -------------------------------------------------------------

/** What the check uses of @sanity/client: a client per target, and one query. */
export type CreateSanityClient = (config: ClientConfig) => {
  fetch(
    query: string,
    params: Record<string, never>,
    options: { signal: AbortSignal },
  ): Promise<unknown>;
};

const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'its address did not resolve (no DNS or no network)',
  EAI_AGAIN: 'its address did not resolve (no DNS or no network)',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
};

/** Why a request got no answer, by error name and code only: messages can carry hosts and ids. */
function networkReason(error: unknown, timeoutMs: number): string {
  const { name, code, cause } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    cause?: { code?: unknown };
  };
  if (name === 'TimeoutError' || name === 'AbortError')
    return `no answer within ${timeoutMs / 1000} s`;
  const known = [code, cause?.code].find(
    (value): value is string => typeof value === 'string' && /^[A-Z_]+$/.test(value),
  );
  if (known === undefined) return 'a network error';
  return NETWORK_REASONS[known] ?? `a network error (${known})`;
}

/**
 * Asks Sanity through its client: one count query, published documents only, no retries, at most
 * `timeoutMs`. Status codes and error codes come back, never a message (which may hold an id).
 */
export function sanityAsker(createClient: CreateSanityClient, timeoutMs = 8000): AskSanity {
  return async (target) => {
    let client: ReturnType<CreateSanityClient>;
    try {
      client = createClient({
        projectId: target.projectId,
        dataset: target.dataset,
        apiVersion: SANITY_API_VERSION,
        useCdn: false,
        perspective: 'published',
        ...(target.token ? { token: target.token } : {}),
        ...(target.apiHost ? { apiHost: target.apiHost, useProjectHostname: false } : {}),
        timeout: timeoutMs,
        maxRetries: 0,
      });
    } catch {
      return { outcome: 'failed', reason: 'the Sanity client refused these settings' };
    }
    try {
      const count = await client.fetch(
        SANITY_CHECK_QUERY,
        {},
        { signal: AbortSignal.timeout(timeoutMs) },
      );
      return { outcome: 'answered', siteSettings: typeof count === 'number' ? count : 0 };
    } catch (error) {
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500)
        return { outcome: 'refused', status };
      if (typeof status === 'number')
        return { outcome: 'failed', reason: `Sanity answered HTTP ${status}` };
      return { outcome: 'failed', reason: networkReason(error, timeoutMs) };
    }
  };
}
