/**
 * The order a school's documents are read in: by type, then `order` (numbers first, documents
 * without one after them, as GROQ orders null), then id. Dependency-free.
 */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const compareText = (a: unknown, b: unknown): number =>
  text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;

const compareOrder = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : typeof a === 'number'
      ? -1
      : typeof b === 'number'
        ? 1
        : 0;

export function compareDocuments(
  a: { _type?: unknown; _id?: unknown; order?: unknown },
  b: { _type?: unknown; _id?: unknown; order?: unknown },
): number {
  return (
    compareText(a._type, b._type) || compareOrder(a.order, b.order) || compareText(a._id, b._id)
  );
}
