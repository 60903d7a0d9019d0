/**
 * The editor's pass: once Sanity has said a token's user is an editor (access.ts), the status
 * functions hand the Studio a short-lived pass, and the Studio sends it back with the token
 * (`X-Editor-Pass`). A valid pass proves the editor with no call to Sanity, so nothing outsiders
 * send (made-up tokens spending the instance's budget) can turn that editor into a visitor.
 *
 * A pass is a JWT, HS256 with EDITOR_PASS_SECRET (jose checks the algorithm, the HMAC, the expiry,
 * the issuer and the audience): issued by this site (`site:<SITE_ID>`), for this Sanity project and
 * dataset, to one token (the SHA-256 of it: never the token itself), for PASS_TTL_MS. A pass of
 * another site or project, of another token, expired, or signed with another secret proves nothing:
 * the caller is asked about as if it had none.
 */
import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** A working day: an editor proven in the morning stays one until the evening, whatever outsiders send. */
export const PASS_TTL_MS = 12 * 60 * 60_000;
/** The request header the Studio sends the pass in (publish-records/names.ts, which the Studio can import). */
export { PASS_HEADER } from '../publish-records/names.ts';

export interface PassScope {
  secret: string;
  /** The site's id (SITE_ID): a pass of another site is no pass here. */
  site: string;
  projectId: string | undefined;
  dataset: string;
}

export type PassCheck =
  | { valid: true }
  | { valid: false; reason: 'expired' | 'forged' | 'another site' | 'another token' | 'malformed' };

/** The SHA-256 of a token, as the pass and the verdict cache keep it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const issuer = (scope: PassScope) => `site:${scope.site}`;
const audience = (scope: PassScope) => `sanity:${scope.projectId ?? ''}:${scope.dataset}`;
const key = (scope: PassScope) => new TextEncoder().encode(scope.secret);

/** A pass for `token`'s editor, valid PASS_TTL_MS from `now`. */
export async function issuePass(
  token: string,
  scope: PassScope,
  now: number,
): Promise<{ pass: string; expiresAt: string }> {
  const expires = now + PASS_TTL_MS;
  const pass = await new SignJWT({ th: tokenHash(token) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer(scope))
    .setAudience(audience(scope))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expires / 1000))
    .sign(key(scope));
  return { pass, expiresAt: new Date(Math.floor(expires / 1000) * 1000).toISOString() };
}

function refusal(error: unknown): Exclude<PassCheck, { valid: true }>['reason'] {
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

/** Whether `pass` proves `token`'s editor here, now. */
export async function checkPass(
  pass: string,
  token: string,
  scope: PassScope,
  now: number,
): Promise<PassCheck> {
  try {
    const { payload } = await jwtVerify(pass, key(scope), {
      algorithms: ['HS256'],
      issuer: issuer(scope),
      audience: audience(scope),
      currentDate: new Date(now),
      requiredClaims: ['exp', 'th'],
    });
    return payload['th'] === tokenHash(token)
      ? { valid: true }
      : { valid: false, reason: 'another token' };
  } catch (error) {
    return { valid: false, reason: refusal(error) };
  }
}
