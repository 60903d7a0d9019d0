/**
 * Click-to-edit on the editors' preview site: in draft mode each element that shows a content
 * field carries `data-sanity`, naming the document, its type and the field's path, so
 * Presentation's overlays open that field. Views bind a section to the document it shows
 * (`fieldEdit`); the section asks for each field it draws by its own prop names. Pure, and
 * inert on the public site: without an attribute maker every call gives undefined, so a static
 * page carries no attribute and no extra byte. The maker itself (preview/server/edit-attribute.ts,
 * `createDataAttribute` from `@sanity/visual-editing`) is handed in on the preview site only.
 * A school's document is resolved against its product document (content/inheritance/): a value
 * the school inherits is edited in the product document, so its attribute names that one.
 */
import { fieldOrigin, inheritanceOf } from '../content/inheritance/origins.ts';

export interface EditableDocument {
  _id: string;
  _type: string;
}

/** One step of a field path: a field name, an array item by its `_key`, or by index where items have none (arrays of text). */
export type PathSegment = string | number | { _key: string };
export type FieldPath = readonly PathSegment[];

/** Makes the `data-sanity` value of a document's field (the preview site's draft mode only). */
export type EditAttribute = (doc: EditableDocument, path: FieldPath) => string;

/** What a section calls for each field it shows: the attribute, or undefined when not editing. */
export type FieldEdit = (...path: FieldPath) => string | undefined;

/** The props of a page rendered on request in draft mode carry the attribute maker. */
export interface EditableProps {
  editAttribute?: EditAttribute | undefined;
}

/** An array item as a path step: by `_key`, else by its index. */
export function itemStep(item: unknown, index: number): PathSegment {
  const key = item && typeof item === 'object' ? (item as { _key?: unknown })._key : undefined;
  return typeof key === 'string' && key ? { _key: key } : index;
}

/** The document and path to edit a shown value in: the product document's for an inherited value. */
export function editTarget(
  doc: EditableDocument,
  path: FieldPath,
): { doc: EditableDocument; path: FieldPath } {
  const sources = inheritanceOf(doc);
  if (!sources) return { doc, path };
  const origin = fieldOrigin(sources, path);
  return origin.documentId === doc._id
    ? { doc, path }
    : { doc: { _id: origin.documentId, _type: origin.documentType }, path: origin.path };
}

/**
 * A document's fields for one section. `fields` maps the section's own names for the first
 * path step to the document's (e.g. `title` → `header`), where the two differ.
 */
export function fieldEdit(
  props: EditableProps,
  doc: EditableDocument | undefined,
  fields: Readonly<Record<string, string>> = {},
): FieldEdit | undefined {
  const make = props.editAttribute;
  if (!make || !doc) return undefined;
  return (...path) => {
    const [first, ...rest] = path;
    if (first === undefined) return undefined;
    const named = typeof first === 'string' ? (fields[first] ?? first) : first;
    const target = editTarget(doc, [named, ...rest]);
    return make(target.doc, target.path);
  };
}

/** A section's fields under a path prefix (one array item, an object field). */
export function scopedEdit(
  edit: FieldEdit | undefined,
  ...prefix: FieldPath
): FieldEdit | undefined {
  return edit && ((...path) => edit(...prefix, ...path));
}
