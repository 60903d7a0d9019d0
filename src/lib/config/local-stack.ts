/**
 * Whether this process is the local stack (scripts/local-stack/start.ts and the harnesses that run
 * the functions the same way). Only a run that is positively the local stack takes the documented
 * local secrets (src/lib/functions/function-settings.ts): a missing context, `netlify dev` (context
 * `dev`) or a context nobody knows is not proof, since each can be reached from the internet.
 *
 * The mark is made in the process by the local stack's own code, before it loads the functions,
 * and lives in memory only: no environment variable (which a Netlify site's settings could hold)
 * and nothing in a deployed function's bundle can make it. Symbol.for: one mark, however many
 * copies of this module the process loads.
 */
const MARK = Symbol.for('school-mobile.local-stack');

type Marked = { [MARK]?: true };

/** The local stack says so, once, before it loads the functions. */
export function markLocalStack(): void {
  (globalThis as Marked)[MARK] = true;
}

export function isLocalStack(): boolean {
  return (globalThis as Marked)[MARK] === true;
}

/** Tests: back to a process that is not the local stack. */
export function unmarkLocalStack(): void {
  delete (globalThis as Marked)[MARK];
}
