/**
 * The pass the public site gives an editor it has just proven with Sanity (`editorPass` in its
 * answers), kept in memory per token and sent back with the token (X-Editor-Pass): the site then
 * knows the editor with no call to Sanity for its 12 hours, whatever outsiders send it. Every badge
 * and the Deploys tool share it; a reload asks the site to prove the editor once more. Both answers
 * are read with the site's own schemas (src/lib/publish-records/records.ts).
 */
import {accessCheckingSchema, publishStatusAnswerSchema} from '../../src/lib/publish-records/records.ts'

/** The part of any status answer (publish-status, deploys) that carries a pass. */
const passCarrier = publishStatusAnswerSchema.pick({editorPass: true})

const passes = new Map<string, {pass: string; expiresAt: number}>()

/** The pass held for this token, while it holds. */
export function passFor(token: string | undefined, now: number = Date.now()): string | undefined {
  const held = token ? passes.get(token) : undefined
  return held && held.expiresAt > now ? held.pass : undefined
}

/** Keeps the pass an answer carries for this token (the site sends one only when it proved the editor anew). */
export function keepPass(token: string | undefined, body: unknown): void {
  const given = passCarrier.safeParse(body).data?.editorPass
  const expiresAt = given ? Date.parse(given.expiresAt) : Number.NaN
  if (token && given && !Number.isNaN(expiresAt)) passes.set(token, {pass: given.pass, expiresAt})
}

/** "Checking your access" (503): the site could not prove the editor yet; ask again after `retryAfterSeconds`. */
export function checkingAccess(status: number, body: unknown): number | undefined {
  const checking = status === 503 ? accessCheckingSchema.safeParse(body) : undefined
  return checking?.success ? checking.data.retryAfterSeconds : undefined
}
