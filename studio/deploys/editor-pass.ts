/**
 * The pass the public site gives an editor it has just proven with Sanity (`editorPass` in its
 * answers), kept in memory per token and sent back with the token (X-Editor-Pass): the site then
 * knows the editor with no call to Sanity for its 12 hours, whatever outsiders send it. Every badge
 * and the Deploys tool share it; a reload asks the site to prove the editor once more.
 */
const passes = new Map<string, {pass: string; expiresAt: number}>()

/** The pass held for this token, while it holds. */
export function passFor(token: string | undefined, now: number = Date.now()): string | undefined {
  const held = token ? passes.get(token) : undefined
  return held && held.expiresAt > now ? held.pass : undefined
}

/** Keeps the pass an answer carries for this token (the site sends one only when it proved the editor anew). */
export function keepPass(token: string | undefined, body: unknown): void {
  const given = body && typeof body === 'object' ? (body as {editorPass?: {pass?: unknown; expiresAt?: unknown}}).editorPass : undefined
  if (!token || typeof given?.pass !== 'string' || typeof given.expiresAt !== 'string') return
  const expiresAt = Date.parse(given.expiresAt)
  if (!Number.isNaN(expiresAt)) passes.set(token, {pass: given.pass, expiresAt})
}

/** "Checking your access" (503): the site could not prove the editor yet; ask again after `retryAfterSeconds`. */
export function checkingAccess(status: number, body: unknown): number | undefined {
  if (status !== 503 || !body || typeof body !== 'object' || (body as {access?: unknown}).access !== 'checking') return undefined
  const seconds = (body as {retryAfterSeconds?: unknown}).retryAfterSeconds
  return typeof seconds === 'number' && seconds > 0 ? seconds : 15
}
