/**
 * What a result posted to a school page's address (posted-content.ts) may carry, checked before it
 * is validated, grouped or drawn, so a post costs what its page costs: no tenant lookup and no
 * query for anything but this page's school, and no input that a later step cannot take.
 *
 * - The posted body is at most MAX_POSTED_DEPTH deep anywhere (params and result alike): every
 *   later step walks it, some by recursion. Measured without recursion.
 * - The result is SCHOOL_PAGE_CONTENT_QUERY's shape: `school`, `settings`, `documents`, nothing else.
 * - `school` is one school document, this page's (its `seoSlug` is the page's address).
 * - `settings` is the one site settings document (or none: then the page has no settings, 422).
 * - `documents`, at most MAX_POSTED_DOCUMENTS, each one the page's query can give
 *   (documentRefusal: the one rule).
 * - No object has a key `__proto__` (a copy of it made by assignment would change its prototype).
 * Each refusal names its reason; the caller answers 422.
 */
import { PRODUCT_ID_PREFIX } from '../../content/inheritance/product-documents.ts';
import { layerOf } from '../../content/perspective.ts';
import type { SchoolPageAnswer } from '../../content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../content/schemas.ts';
import { schoolRefOf } from '../../content/school-reference.ts';

/**
 * How deep a posted body may nest. Its result is three levels above a document, and the deepest
 * document of the bundled content is 5 deep (a plan's card: plans → item → features → item); Sanity's
 * portable text and images add a few more. 32 leaves room for any content the schemas describe,
 * and far below what a recursive walk can take.
 */
export const MAX_POSTED_DEPTH = 32;

/**
 * How many documents a result may carry: a school has 41 in the bundled content (its per-school
 * types, several of some), and the product documents it inherits from are about as many again.
 */
export const MAX_POSTED_DOCUMENTS = 400;

const OWN_TYPES: ReadonlySet<string> = new Set(TENANT_DOCUMENT_TYPES);
const RESULT_FIELDS: ReadonlySet<string> = new Set(['school', 'settings', 'documents']);

type Doc = Record<string, unknown>;
const isRecord = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
/** A document id's published form (`drafts.x`, `versions.r.x` → `x`); undefined for no id. */
const publishedIdOf = (id: unknown): string | undefined =>
  typeof id === 'string' ? layerOf(id)?.publishedId : undefined;
/** A value as a refusal quotes it: as JSON text, cut short (it comes from the browser). */
const quoted = (value: unknown): string => {
  const json = JSON.stringify(typeof value === 'string' ? value : String(value));
  return json.length > 80 ? `${json.slice(0, 79)}…"` : json;
};
/** How a refusal names a document: its id, else its place in the list. */
const named = (doc: unknown, index: number): string => {
  const id = isRecord(doc) ? text(doc._id) : undefined;
  return id === undefined ? `document ${index}` : `document ${quoted(id)}`;
};

/**
 * The posted body's shape, before anything reads it: why it nests too deep or holds a `__proto__`
 * key, or undefined when every later step can take it. An explicit stack, no recursion.
 */
export function postedShapeProblem(value: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [next, depth] = stack.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth > MAX_POSTED_DEPTH) return `the body nests deeper than ${MAX_POSTED_DEPTH} levels`;
    if (Array.isArray(next)) for (const item of next) stack.push([item, depth + 1]);
    else
      for (const key of Object.keys(next)) {
        if (key === '__proto__') return 'the body has a field named __proto__';
        stack.push([(next as Doc)[key], depth + 1]);
      }
  }
  return undefined;
}

/**
 * The one rule for a document of a posted result: why the page at hand may not carry it, or
 * undefined when it may. `schoolId` is the page's school's published id. As the page's query reads
 * them (SCHOOL_PAGE_CONTENT_QUERY), a document may be:
 * - one of the per-school types (TENANT_DOCUMENT_TYPES, own keys only: no `constructor`), and
 * - this school's: its `school` reference names `schoolId`; or
 * - a product document: its published id begins `product-` (in any layer: `drafts.…`,
 *   `versions.<release>.…`), whatever its school reference, as the query takes it.
 * A `school` or `siteSettings` document is not among the types: the result names those apart.
 * No document of these types costs a lookup: only a school does.
 */
export function documentRefusal(doc: unknown, schoolId: string): string | undefined {
  if (!isRecord(doc)) return 'is not a document';
  const type = text(doc._type);
  if (type === undefined || !OWN_TYPES.has(type))
    return `has a type no school page carries (${quoted(doc._type)})`;
  const id = publishedIdOf(doc._id);
  if (id === undefined) return 'has no id';
  // The page's query reads a document of its types with this school's reference or a product
  // document's id (PRODUCT_ID_PREFIX); this takes exactly those, so a keystroke draws what a reload would.
  if (id.startsWith(PRODUCT_ID_PREFIX)) return undefined;
  if (doc.school === undefined || doc.school === null)
    return 'has no school reference and is no product document';
  const ref = publishedIdOf(schoolRefOf(doc));
  return ref === schoolId ? undefined : "has a school reference that is not this page's school";
}

export type PostedAnswer = { ok: true; answer: SchoolPageAnswer } | { ok: false; reason: string };

/**
 * The posted result as the page's query answer, when it carries only what the page at `seoSlug`
 * may: its own school, the site settings, and documents documentRefusal lets through.
 */
export function postedAnswer(result: unknown, seoSlug: string): PostedAnswer {
  const refuse = (reason: string): PostedAnswer => ({ ok: false, reason });
  if (!isRecord(result)) return refuse('the result names no school');
  const extra = Object.keys(result).find((key) => !RESULT_FIELDS.has(key));
  if (extra !== undefined)
    return refuse(`the result has a field the page's query does not give (${quoted(extra)})`);
  const { school, settings, documents } = result;
  if (!isRecord(school) || school._type !== 'school') return refuse('the result names no school');
  if (school.seoSlug !== seoSlug) return refuse("the result's school is not this page's school");
  const schoolId = publishedIdOf(school._id);
  if (schoolId === undefined) return refuse("the result's school has no id");
  if (settings !== null && settings !== undefined) {
    if (!isRecord(settings) || settings._type !== 'siteSettings')
      return refuse("the result's settings are not the site settings document");
  }
  if (documents !== null && documents !== undefined && !Array.isArray(documents))
    return refuse("the result's documents are not a list");
  const list: unknown[] = documents ?? [];
  if (list.length > MAX_POSTED_DOCUMENTS)
    return refuse(
      `the result carries ${list.length} documents, more than a school page's ${MAX_POSTED_DOCUMENTS}`,
    );
  for (const [index, doc] of list.entries()) {
    const refusal = documentRefusal(doc, schoolId);
    if (refusal !== undefined) return refuse(`${named(doc, index)} ${refusal}`);
  }
  return { ok: true, answer: { school, settings: settings ?? null, documents: list } };
}
