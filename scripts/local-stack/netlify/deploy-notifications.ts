/**
 * Netlify's outgoing deploy notifications (Site configuration › Notifications › Deploy
 * notifications › HTTP POST request), played locally: the body is the deploy object Netlify posts,
 * signed in `X-Webhook-Signature` with a JWS (HS256 over the shared "JWS secret token", claims
 * `iss: netlify` and `sha256`, the hex SHA-256 of the raw body). Written here on its own, not with
 * the site's verifier (src/lib/deploys/jws.ts): the local loop then shows the two agree.
 */
import { createHash, createHmac } from 'node:crypto';

export type NetlifyDeployState = 'building' | 'ready' | 'error';

/** The fields of Netlify's deploy object a local deploy can fill (the same names and meanings). */
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

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The JWS Netlify sends: header `{alg: HS256, typ: JWT}`, claims `{iss: netlify, sha256}`. */
export function netlifySignature(body: string, secret: string): string {
  const signingInput = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ iss: 'netlify', sha256: createHash('sha256').update(body).digest('hex') })}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

/** Posts one notification and reads the answer in full (an unread body breaks Node's fetch on a closed connection). */
export async function postDeployNotification(
  url: string,
  body: DeployNotificationBody,
  secret: string,
): Promise<{ status: number; text: string }> {
  const text = JSON.stringify(body);
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Netlify',
      'x-webhook-signature': netlifySignature(text, secret),
    },
    body: text,
  });
  return { status: answer.status, text: await answer.text() };
}
