/**
 * A field's edits applied to a document as Sanity's form applies its input's patches: `set` and
 * `unset` at the field's path (plus the edit's own), each missing parent made first (the form's
 * `setIfMissing`). For the tests and the test page, which play the form.
 */
import type { FieldPath, PathSegment } from '../../../src/lib/content/inheritance/index.ts';
import type { Doc, FieldEdit } from '../../inheritance/field-state.ts';

const keyed = (list: unknown[], segment: Exclude<PathSegment, string>) =>
  typeof segment === 'number'
    ? segment
    : list.findIndex((item) => (item as Doc | null)?._key === segment._key);

function child(container: unknown, segment: PathSegment): unknown {
  if (typeof segment === 'string') return (container as Doc)[segment];
  const list = container as unknown[];
  return list[keyed(list, segment)];
}

function put(container: unknown, segment: PathSegment, value: unknown): void {
  if (typeof segment === 'string') (container as Doc)[segment] = value;
  else {
    const list = container as unknown[];
    const at = keyed(list, segment);
    if (at >= 0) list[at] = value;
  }
}

function remove(container: unknown, segment: PathSegment): void {
  if (typeof segment === 'string') delete (container as Doc)[segment];
  else {
    const list = container as unknown[];
    const at = keyed(list, segment);
    if (at >= 0) list.splice(at, 1);
  }
}

export function applyEdits(doc: Doc, field: FieldPath, edits: readonly FieldEdit[]): Doc {
  const next = structuredClone(doc);
  for (const edit of edits) {
    const path = [...field, ...edit.path];
    const last = path.at(-1);
    if (last === undefined) continue;
    let container: unknown = next;
    for (const [index, segment] of path.slice(0, -1).entries()) {
      let inner = child(container, segment);
      if (inner === undefined || inner === null) {
        if (edit.type === 'unset') {
          container = undefined;
          break;
        }
        inner = typeof path[index + 1] === 'string' ? {} : [];
        put(container, segment, inner);
      }
      container = inner;
    }
    if (container === undefined) continue;
    if (edit.type === 'set') put(container, last, structuredClone(edit.value));
    else remove(container, last);
  }
  return next;
}
