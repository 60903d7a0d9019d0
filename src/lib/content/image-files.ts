/**
 * Image references whose file is not there. A page never refers to a file the output lacks:
 * the content source answers "no image" for such a reference (the section is built without
 * it), and each one is reported here with school, document, field and file.
 */
import type { GroupedContent } from './group.ts';
import type { ContentProblem } from './problems.ts';
import type { RawImage } from './schemas.ts';

/** Every image object in a document, with its field path (`perks.2.perkIcon`). */
export function* imagesIn(value: unknown, path: string[] = []): Generator<[string, RawImage]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* imagesIn(item, [...path, String(index)]);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record._sanityAsset === 'string' || (record.asset && typeof record.asset === 'object')) {
      yield [path.join('.'), record as RawImage];
      return;
    }
    for (const [key, item] of Object.entries(record)) yield* imagesIn(item, [...path, key]);
  }
}

/** The message a missing file gets in the build log, the report and the content check. */
export function missingFileReason(file: string, field: string): string {
  return `file ${file} (field ${field}) is not in the content's images: the page is built without it`;
}

/**
 * One problem per image reference whose file `missingFile` says is absent, for every school
 * whose pages are built (the school document's logo and favicon, then each of its documents).
 */
export function missingFileProblems(content: Pick<GroupedContent, 'schools'>, missingFile: (image: RawImage) => string | undefined): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { school, documents } of content.schools) {
    const docs: Array<{ _id: string; _type?: string }> = [school, ...Object.values(documents).flat()];
    for (const doc of docs) {
      for (const [field, image] of imagesIn(doc)) {
        const file = missingFile(image);
        if (!file) continue;
        problems.push({ school: school.key, documentType: doc._type ?? 'school', documentId: doc._id, field, file, reason: missingFileReason(file, field) });
      }
    }
  }
  return problems;
}
