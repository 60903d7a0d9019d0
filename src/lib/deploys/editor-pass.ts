/**
 * The editor's pass: once Sanity has said a token's user is an editor (access.ts), the status
 * functions hand the Studio a pass, and the Studio sends it back with the token (`X-Editor-Pass`).
 * The pass says when Sanity proved the editor (`iat`): for the verdict's lifetime after that it
 * proves the editor with no call to Sanity; after it, access.ts asks Sanity again from the passes'
 * own budget (made-up tokens cannot spend it), and the pass stands in only while Sanity gives no
 * verdict or that budget is spent, so nothing outsiders send can turn that editor into a visitor
 * or keep a removed one an editor, and an editor Sanity refuses is a visitor from that answer on.
 *
 * A pass is a JWT, HS256 with EDITOR_PASS_SECRET (jose checks the algorithm, the HMAC, the expiry,
 * the issuer and the audience): issued by this site (`site:<SITE_ID>`) in this deploy context
 * (`ctx`: production, deploy-preview, branch-deploy; a deploy preview's pass is no production
 * pass), for this Sanity project and dataset, to one token (the SHA-256 of it: never the token
 * itself), for PASS_TTL_MS from Sanity's proof. A pass of another site, context or project, of
 * another token, expired, or signed with another secret proves nothing: the caller is asked about
 * as if it had none. readPass is the one place a pass is verified.
 */
import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The longest a pass stands in for Sanity (while Sanity gives no verdict or the passes' budget is spent): a
 * working day, so an editor proven in the morning is not locked out until the evening, whatever
 * outsiders send.
 */
export const PASS_TTL_MS = 12 * 60 * 60_000;
/** The request header the Studio sends the pass in (publish-records/names.ts, which the Studio can import). */
export { PASS_HEADER } from '../publish-records/names.ts';

export interface PassScope {
  /** EDITOR_PASS_SECRET: every pass is signed with it. */
  secret: string;
  /** During a rotation (EDITOR_PASS_SECRET_PREVIOUS): passes signed with it still hold until they expire; none is signed with it. */
  previous?: string | undefined;
  /** The site's id (SITE_ID): a pass of another site is no pass here. */
  site: string;
  /** The deploy context the functions serve (Netlify's context.deploy.context, or CONTEXT): a pass of another context is no pass here. */
  context?: string | undefined;
  projectId: string | undefined;
  dataset: string;
}

export type PassRefusal = {
  valid: false;
  reason: 'expired' | 'forged' | 'another site' | 'another context' | 'another token' | 'malformed';
};
export type PassCheck = { valid: true } | PassRefusal;
/** A pass that holds, and when Sanity proved its editor (ms, to the second). */
export type PassReading = { valid: true; provenAt: number } | PassRefusal;

/** The SHA-256 of a token, as the pass and the verdict cache keep it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const issuer = (scope: PassScope) => `site:${scope.site}`;
const audience = (scope: PassScope) => `sanity:${scope.projectId ?? ''}:${scope.dataset}`;
/** No context (a local run outside the local stack's own): the empty context, which no deployed function has. */
const contextClaim = (scope: PassScope) => scope.context ?? '';
const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * A pass for `token`'s editor, whom Sanity proved at `provenAt`: it says so (`iat`) and holds
 * PASS_TTL_MS from then (a pass given from a verdict kept in memory is as old as the verdict).
 */
export async function issuePass(
  token: string,
  scope: PassScope,
  provenAt: number,
): Promise<{ pass: string; expiresAt: string }> {
  const proven = Math.floor(provenAt / 1000);
  const expires = proven + PASS_TTL_MS / 1000;
  const pass = await new SignJWT({ th: tokenHash(token), ctx: contextClaim(scope) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer(scope))
    .setAudience(audience(scope))
    .setIssuedAt(proven)
    .setExpirationTime(expires)
    .sign(key(scope.secret));
  return { pass, expiresAt: new Date(expires * 1000).toISOString() };
}

function refusal(error: unknown): PassRefusal['reason'] {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (
    error instanceof errors.JWTClaimValidationFailed &&
    (error.claim === 'iss' || error.claim === 'aud')
  )
    return 'another site';
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JOSEAlgNotAllowed
  )
    return 'forged';
  return 'malformed';
}

/**
 * Whether `pass` proves `token`'s editor here, now, and since when: the one verification of a pass.
 * During a rotation a pass whose signature does not match the current secret is tried with the
 * previous one, and nothing else.
 */
export async function readPass(
  pass: string,
  token: string,
  scope: PassScope,
  now: number,
): Promise<PassReading> {
  const verify = (secret: string) =>
    jwtVerify(pass, key(secret), {
      algorithms: ['HS256'],
      issuer: issuer(scope),
      audience: audience(scope),
      currentDate: new Date(now),
      requiredClaims: ['exp', 'iat', 'th', 'ctx'],
    });
  try {
    let verified;
    try {
      verified = await verify(scope.secret);
    } catch (error) {
      if (!(error instanceof errors.JWSSignatureVerificationFailed) || scope.previous === undefined)
        throw error;
      verified = await verify(scope.previous);
    }
    const { payload } = verified;
    if (payload['ctx'] !== contextClaim(scope)) return { valid: false, reason: 'another context' };
    if (payload['th'] !== tokenHash(token)) return { valid: false, reason: 'another token' };
    return { valid: true, provenAt: payload.iat! * 1000 };
  } catch (error) {
    return { valid: false, reason: refusal(error) };
  }
}

/** Whether `pass` proves `token`'s editor here, now (readPass, without when). */
export async function checkPass(
  pass: string,
  token: string,
  scope: PassScope,
  now: number,
): Promise<PassCheck> {
  const reading = await readPass(pass, token, scope, now);
  return reading.valid ? { valid: true } : reading;
}
