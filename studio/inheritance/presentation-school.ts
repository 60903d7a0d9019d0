/**
 * Click-to-edit on inherited text: the preview page's `data-sanity` names the product document's
 * field (src/lib/views/edit-target.ts), so Presentation opens the product document at that field
 * (its `path` parameter) beside the school's page (its `preview` parameter, `/{seoSlug}/…`). Here:
 * which school that page is, whether a field is the one opened, and the intents that open the
 * school's own document at the same field instead (or make it, when the school has none yet).
 * Pure.
 */
import {
  pathString,
  variantField,
  type FieldPath,
  type Variant,
} from '../../src/lib/content/inheritance/index.ts';
import { PRESENTATION_TOOL } from '../presentation.ts';

/** The school's address of a page Presentation shows (`/uw-husky-mobile/fan?x=1` → `uw-husky-mobile`). */
export function seoSlugOfPreview(preview: string | undefined | null): string | undefined {
  if (!preview) return undefined;
  let pathname: string;
  try {
    pathname = new URL(preview, 'https://preview.invalid').pathname;
  } catch {
    return undefined;
  }
  const [first] = pathname.split('/').filter(Boolean);
  return first ? decodeURIComponent(first) : undefined;
}

/** The school of a page's address, and its names (for "Override for Husky Mobile instead"). */
export const SCHOOL_BY_ADDRESS_QUERY =
  '*[_type == "school" && seoSlug == $seoSlug][0]{_id, baseName, schoolName, key, status}';

export interface AddressedSchool {
  _id: string;
  baseName?: string;
  schoolName?: string;
  key?: string;
  status?: string;
}

/** Whether `path` is the field Presentation opened (its `path` parameter, as Sanity writes paths). */
export function isOpenedField(opened: string | undefined | null, path: FieldPath): boolean {
  return Boolean(opened) && opened === pathString(path);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where the school's document opens for a product document's field: the same field, or, when it
 * is inside an item the school's list does not have yet, that list (whose **Override for this
 * school** lists the product's items, each field then to override on its own).
 */
export function openablePath(document: unknown, path: FieldPath): FieldPath {
  let value: unknown = document;
  for (const [index, segment] of path.entries()) {
    if (typeof segment === 'string') {
      value = isRecord(value) ? value[segment] : undefined;
      continue;
    }
    const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : [];
    const item =
      typeof segment === 'number'
        ? list[segment]
        : list.find((one) => isRecord(one) && one._key === segment._key);
    if (item === undefined) return path.slice(0, index);
    value = item;
  }
  return path;
}

/** The edit intent that opens a school's document at a field in Presentation, on the page shown. */
export function schoolFieldIntent(options: {
  documentId: string;
  type: string;
  path: FieldPath;
  preview: string | undefined;
}) {
  return {
    id: options.documentId,
    type: options.type,
    path: pathString(options.path),
    mode: 'presentation',
    presentation: PRESENTATION_TOOL,
    ...(options.preview ? { preview: options.preview } : {}),
  };
}

/** The template (sanity.config.ts) that makes a school's document of a type, with its variant. */
export const schoolTemplateId = (type: string) => `${type}-for-school`;

/**
 * The create intent that makes the school's document of this type and variant (when it has none
 * yet), in Presentation on the page shown: the template sets its school and its variant field.
 */
export function newSchoolDocumentIntent(options: {
  type: string;
  schoolId: string;
  variant: Variant | undefined;
  preview: string | undefined;
}): [Record<string, string>, Record<string, unknown>] {
  const field = variantField(options.type);
  return [
    {
      type: options.type,
      template: schoolTemplateId(options.type),
      mode: 'presentation',
      presentation: PRESENTATION_TOOL,
      ...(options.preview ? { preview: options.preview } : {}),
    },
    {
      schoolId: options.schoolId,
      ...(field && options.variant !== undefined ? { variant: options.variant } : {}),
    },
  ];
}
