/**
 * The `data-sanity` values of the editors' preview site in draft mode, as `createDataAttribute`
 * from `@sanity/visual-editing` writes them (id, type, path and base, which the overlays need
 * to open a field). Loaded only by the preview build's middleware; views get it through the
 * page's props (views/edit-target.ts), so the public build never imports it.
 */
import { createDataAttribute } from '@sanity/visual-editing/create-data-attribute';
import type { EditAttribute, FieldPath } from '../../views/edit-target.ts';

type StudioPath = Array<string | number | { _key: string }>;

export const editAttribute: EditAttribute = (doc, path: FieldPath) =>
  createDataAttribute({ id: doc._id, type: doc._type, path: [...path] as StudioPath }).toString();
