/**
 * The pass the public site gives an editor it has just proven with Sanity (`editorPass` in its
 * answers), sent back with the token (X-Editor-Pass): for 5 minutes after Sanity's proof the site
 * knows the editor by the pass alone; after that it asks Sanity again whenever its budget allows
 * (and gives a new pass, kept here in place of the old), and the pass stands in, until it expires
 * 12 hours after the proof, only while Sanity gives no verdict or outsiders' made-up tokens hold the
 * site's budget. Every badge and the Deploys tool share it.
 * It is kept in memory and in the tab's sessionStorage, under the SHA-256 of the token (a pass is
 * useless without its token, and the key names no token), so a reload or a new view of the Studio
 * in the tab is known at once, even while made-up tokens hold the site's budget; it is forgotten
 * when the site refuses it (`editorPass: null`, or "checking your access", which a valid pass never
 * gets). Both answers are read with the site's own schemas (src/lib/publish-records/status-answers.ts).
 */
import {
  accessCheckingSchema,
  editorPassSchema,
  publishStatusAnswerSchema,
  type EditorPass,
} from '../../src/lib/publish-records/status-answers.ts';

/** The part of any status answer (publish-status, deploys) that carries a pass. */
const passCarrier = publishStatusAnswerSchema.pick({ editorPass: true });

const STORAGE_PREFIX = 'school-site:editor-pass:';

/** In memory, per token: what this page has been given (or read back from the tab's storage). */
const passes = new Map<string, EditorPass>();
const keys = new Map<string, Promise<string>>();

/** The tab's sessionStorage, where the browser has one and lets it be used. */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The storage key of a token's pass: the token's SHA-256 (Web Crypto), never the token. */
function storageKey(token: string): Promise<string> {
  let key = keys.get(token);
  if (!key) {
    key = globalThis.crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(token))
      .then(
        (digest) =>
          STORAGE_PREFIX +
          Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join(''),
      );
    keys.set(token, key);
  }
  return key;
}

const holds = (pass: EditorPass | undefined, now: number) =>
  pass !== undefined && Date.parse(pass.expiresAt) > now;

/** The pass held for this token, while it holds: from memory, else from the tab's storage. */
export async function passFor(
  token: string | undefined,
  now: number = Date.now(),
): Promise<string | undefined> {
  if (!token) return undefined;
  const storage = tabStorage();
  if (!passes.has(token) && storage) {
    const kept = editorPassSchema.safeParse(parseStored(storage.getItem(await storageKey(token))));
    if (kept.success) passes.set(token, kept.data);
  }
  const pass = passes.get(token);
  return holds(pass, now) ? pass!.pass : undefined;
}

function parseStored(text: string | null): unknown {
  try {
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * After an answer: keeps the pass it carries for this token (the site sends one only when it proved
 * the editor anew), or forgets the one held when the site refused it.
 */
export async function keepPass(
  token: string | undefined,
  body: unknown,
  status = 200,
): Promise<void> {
  if (!token) return;
  const given = passCarrier.safeParse(body).data?.editorPass;
  const storage = tabStorage();
  if (given && !Number.isNaN(Date.parse(given.expiresAt))) {
    passes.set(token, given);
    storage?.setItem(await storageKey(token), JSON.stringify(given));
  } else if (given === null || checkingAccess(status, body) !== undefined) {
    passes.delete(token);
    storage?.removeItem(await storageKey(token));
  }
}

/** "Checking your access" (503): the site could not prove the editor yet; ask again after `retryAfterSeconds`. */
export function checkingAccess(status: number, body: unknown): number | undefined {
  const checking = status === 503 ? accessCheckingSchema.safeParse(body) : undefined;
  return checking?.success ? checking.data.retryAfterSeconds : undefined;
}
