/**
 * Netlify's outgoing deploy notifications (Site configuration › Notifications › Deploy
 * notifications › HTTP POST request), as every stand-in for Netlify sends them: the local stack,
 * and the simulated world of the publish loop's fault model and the month bench (scripts/support/:
 * what they share). The body is the deploy object Netlify posts; a failed build's `error_message`
 * is in Netlify's words; the body is signed in `X-Webhook-Signature` with a JWS (HS256 over the
 * shared "JWS secret token", claims `iss: netlify` and `sha256`, the hex SHA-256 of the raw body).
 * Written here on its own, not with the site's verifier (src/lib/deploys/jws.ts): the stand-ins
 * then show the two agree.
 */
import { createHash, createHmac } from 'node:crypto';
import type { FailureCause } from '../../../src/lib/publish-records/build-failure.ts';

export type NetlifyDeployState = 'building' | 'ready' | 'error';

/**
 * Netlify's `error_message` for a failed build. The build command failing, whatever its own exit
 * code, is @netlify/build's exit code 2 (src/lib/publish-records/build-failure.ts, shown by
 * tests/netlify/build-failure.test.ts); anything else is Netlify's own part, here its install step.
 */
export const NETLIFY_FAILURE: Record<FailureCause, string> = {
  'build-command':
    "Failed during stage 'building site': Build script returned non-zero exit code: 2",
  platform:
    "Failed during stage 'Install dependencies': dependency_installation script returned non-zero exit code: 1",
};

/** The fields of Netlify's deploy object a stand-in fills (the same names and meanings). */
export interface DeployNotificationBody {
  id: string;
  site_id: string;
  build_id: string;
  state: NetlifyDeployState;
  name: string;
  url: string;
  ssl_url: string;
  admin_url: string;
  deploy_url: string;
  deploy_ssl_url: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  deploy_time: number | null;
  error_message: string | null;
  context: 'production';
  branch: string;
  title: string | null;
  commit_ref: string | null;
  commit_url: string | null;
  review_id: null;
  review_url: null;
  locked: null;
  skipped: null;
  manual_deploy: false;
  framework: 'astro';
}

/** The site a stand-in deploys: its id and name, where it answers, and a deploy's own address. */
export interface NotifyingSite {
  id: string;
  name: string;
  url: string;
  adminUrl: string;
  deployUrl: (deployId: string) => string;
}

/** What a notification tells of a deploy (times in ms). */
export interface NotifiedDeploy {
  id: string;
  title: string | null;
  createdAt: number;
  buildStartedAt?: number | undefined;
  finishedAt?: number | undefined;
  publishedAt?: number | undefined;
  errorMessage?: string | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The body Netlify posts when `deploy` reaches `state`, at `now`. */
export function deployNotificationBody(
  site: NotifyingSite,
  deploy: NotifiedDeploy,
  state: NetlifyDeployState,
  now: number,
): DeployNotificationBody {
  const built =
    deploy.buildStartedAt === undefined || deploy.finishedAt === undefined
      ? null
      : Math.round((deploy.finishedAt - deploy.buildStartedAt) / 1000);
  return {
    id: deploy.id,
    site_id: site.id,
    build_id: deploy.id,
    state,
    name: site.name,
    url: site.url,
    ssl_url: site.url,
    admin_url: site.adminUrl,
    deploy_url: site.deployUrl(deploy.id),
    deploy_ssl_url: site.deployUrl(deploy.id),
    created_at: iso(deploy.createdAt),
    updated_at: iso(now),
    published_at: deploy.publishedAt === undefined ? null : iso(deploy.publishedAt),
    deploy_time: built,
    error_message: deploy.errorMessage ?? null,
    context: 'production',
    branch: 'main',
    title: deploy.title,
    commit_ref: null,
    commit_url: null,
    review_id: null,
    review_url: null,
    locked: null,
    skipped: null,
    manual_deploy: false,
    framework: 'astro',
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The JWS Netlify sends: header `{alg: HS256, typ: JWT}`, claims `{iss: netlify, sha256}`. */
export function netlifySignature(body: string, secret: string): string {
  const signingInput = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ iss: 'netlify', sha256: createHash('sha256').update(body).digest('hex') })}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

/** A notification as Netlify sends it: the raw body and its headers. */
export function signedNotification(
  body: DeployNotificationBody,
  secret: string,
): { text: string; headers: Record<string, string> } {
  const text = JSON.stringify(body);
  return {
    text,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Netlify',
      'x-webhook-signature': netlifySignature(text, secret),
    },
  };
}

/** Posts one notification and reads the answer in full (an unread body breaks Node's fetch on a closed connection). */
export async function postDeployNotification(
  url: string,
  body: DeployNotificationBody,
  secret: string,
): Promise<{ status: number; text: string }> {
  const { text, headers } = signedNotification(body, secret);
  const answer = await fetch(url, { method: 'POST', headers, body: text });
  return { status: answer.status, text: await answer.text() };
}
