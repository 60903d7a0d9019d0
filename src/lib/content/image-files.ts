/**
 * Image references whose file is not there. A page never refers to a file the output lacks:
 * the content source answers "no image" for such a reference (the section is built without
 * it), and each one is reported here with school, document, field and file.
 */
import type { GroupedContent } from './group.ts';
import type { ContentProblem } from './problems.ts';
import type { RawImage } from './schemas.ts';

/**
 * Every image object in a document, with its field path (`perks.2.perkIcon`). A plain walk with
 * one key stack (the path is joined only for an image): it runs over every document of every school.
 */
export function imagesIn(value: unknown): Array<[string, RawImage]> {
  const found: Array<[string, RawImage]> = [];
  const path: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        const item: unknown = node[index];
        if (item === null || typeof item !== 'object') continue;
        path.push(String(index));
        visit(item);
        path.pop();
      }
      return;
    }
    const record = node as Record<string, unknown>;
    if (
      typeof record._sanityAsset === 'string' ||
      (record.asset !== null && typeof record.asset === 'object')
    ) {
      found.push([path.join('.'), record]);
      return;
    }
    for (const key in record) {
      const item = record[key];
      if (item === null || typeof item !== 'object') continue;
      path.push(key);
      visit(item);
      path.pop();
    }
  };
  if (value !== null && typeof value === 'object') visit(value);
  return found;
}

/** The message a missing file gets in the build log, the report and the content check. */
export function missingFileReason(file: string, field: string): string {
  return `file ${file} (field ${field}) is not in the content's images: the page is built without it`;
}

/**
 * One problem per image reference whose file `missingFile` says is absent, for every school
 * whose pages are built (the school document's logo and favicon, then each of its documents).
 */
export function missingFileProblems(
  content: Pick<GroupedContent, 'schools'>,
  missingFile: (image: RawImage) => string | undefined,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { school, documents } of content.schools) {
    const docs: Array<{ _id: string; _type?: string }> = [
      school,
      ...Object.values(documents).flat(),
    ];
    for (const doc of docs) {
      for (const [field, image] of imagesIn(doc)) {
        const file = missingFile(image);
        if (!file) continue;
        problems.push({
          school: school.key,
          documentType: doc._type ?? 'school',
          documentId: doc._id,
          field,
          file,
          reason: missingFileReason(file, field),
        });
      }
    }
  }
  return problems;
}
