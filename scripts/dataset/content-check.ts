/**
 * The content check: runs the build's own content query and validation (groupContent, the same
 * zod schemas) over a dataset without building, and lists every problem as a row with school,
 * document type, id and field. Adds what the build would only notice as a missing picture
 * (image references that cannot be resolved), what would confuse editors (duplicates), the
 * FCC label rules the build stops a live school on (content-check-labels.ts), what a school being
 * prepared still lacks of its own and the overrides equal to what they would inherit
 * (content-check-lists.ts).
 */
import { ContentError, groupContent, type ContentProblem } from '../../src/lib/content/group.ts';
import { fetchRawBuildContent } from '../../src/lib/content/index.ts';
import { MULTI_DOCUMENT_TYPES, type RawImage } from '../../src/lib/content/schemas.ts';
import type { ContentSource } from '../../src/lib/content/source.ts';
import { imagesIn } from '../../src/lib/content/image-files.ts';
import type { SchoolContent } from '../../src/lib/content/group.ts';
import type { SchoolSet } from '../../src/lib/new-school/from-template.ts';
import {
  copyFingerprints,
  findTemplateCopy,
  type CopyFingerprints,
} from '../../src/lib/new-school/template-copy.ts';
import type { CheckRow } from './check-row.ts';
import { fccRows } from './content-check-labels.ts';
import { lacksOfOwnRows, sameAsInheritedRows } from './content-check-lists.ts';

export type { CheckRow } from './check-row.ts';

export interface CheckResult {
  /** Set when the build could not run at all (school registry or site settings unusable). */
  fatal?: string;
  rows: CheckRow[];
  documents: number;
  schools: number;
  /** The registered schools' keys, for checks that follow (tenant records). */
  schoolKeys: string[];
  /** The keys of schools still being prepared (a missing tenant record leaves them out, it never stops a build). */
  preparingKeys?: string[];
}

export interface CheckOptions {
  /** Image file names the dataset carries (exports); when given, every referenced file must be there. */
  imageNames?: Set<string> | undefined;
}

function rowsFor(problem: ContentProblem): CheckRow[] {
  const base = {
    level: 'error' as const,
    school: problem.school,
    documentType: problem.documentType,
    documentId: problem.documentId ?? '-',
  };
  if (problem.issues?.length)
    return problem.issues.map((issue) => ({ ...base, field: issue.field, message: issue.message }));
  return [{ ...base, field: problem.field ?? '-', message: problem.reason }];
}

function imageProblem(
  image: RawImage,
  source: ContentSource,
  imageNames: Set<string> | undefined,
): string | undefined {
  const reference = image._sanityAsset ?? image.asset?._ref ?? '(none)';
  const missing = source.missingFile(image);
  if (missing) return `image file images/${missing} is missing`;
  if (!source.imageUrl(image, []))
    return `image ${reference} cannot be resolved (its name must end in -<width>x<height>)`;
  const file = image._sanityAsset?.replace(/^image@file:\/\/\.\/images\//, '');
  if (imageNames && file && !imageNames.has(file)) return `image file images/${file} is missing`;
  return undefined;
}

export async function checkContent(
  source: ContentSource,
  options: CheckOptions = {},
): Promise<CheckResult> {
  const input = await fetchRawBuildContent(source);
  const documents = input.schools.length + input.documents.length + (input.settings ? 1 : 0);
  let grouped;
  try {
    grouped = groupContent(input);
  } catch (error) {
    if (error instanceof ContentError)
      return {
        fatal: error.message,
        rows: [],
        documents,
        schools: input.schools.length,
        schoolKeys: [],
      };
    throw error;
  }

  // A document that fails its schema is left out, so the build also reports its type as missing:
  // list the cause only.
  const invalid = new Set(
    grouped.problems
      .filter((problem) => problem.issues)
      .map((problem) => `${problem.school}/${problem.documentType}`),
  );
  const rows = grouped.problems
    .filter(
      (problem) =>
        problem.documentId !== undefined ||
        !invalid.has(`${problem.school}/${problem.documentType}`),
    )
    .flatMap(rowsFor);
  const seenIds = new Map<string, number>();
  for (const doc of [...input.schools, ...input.documents] as Array<{ _id?: string }>) {
    if (doc._id) seenIds.set(doc._id, (seenIds.get(doc._id) ?? 0) + 1);
  }
  for (const [id, count] of seenIds) {
    if (count > 1)
      rows.push({
        level: 'error',
        school: '-',
        documentType: '-',
        documentId: id,
        field: '_id',
        message: `${count} documents share this id`,
      });
  }

  for (const { school, documents: byType } of grouped.schools) {
    // Without brand colours the school's theme depends on the tenant record alone (and falls back to black without one).
    for (const field of ['primaryColor', 'secondaryColor'] as const) {
      if (!school[field])
        rows.push({
          level: 'warning',
          school: school.key,
          documentType: 'school',
          documentId: school._id,
          field,
          message: "no brand colour: the theme uses the tenant record's, else the fallback colour",
        });
    }
    for (const [field, image] of imagesIn(school)) {
      const message = imageProblem(image, source, options.imageNames);
      if (message)
        rows.push({
          level: 'error',
          school: school.key,
          documentType: 'school',
          documentId: school._id,
          field,
          message,
        });
    }
    for (const [type, docs] of Object.entries(byType) as Array<
      [keyof typeof byType, Array<{ _id: string }>]
    >) {
      if (!MULTI_DOCUMENT_TYPES.has(type) && docs.length > 1) {
        rows.push({
          level: 'warning',
          school: school.key,
          documentType: type,
          documentId: docs.map((doc) => doc._id).join(', '),
          field: '-',
          message: `${docs.length} documents; the site shows ${docs[0]?._id}`,
        });
      }
      for (const doc of docs) {
        for (const [field, image] of imagesIn(doc)) {
          const message = imageProblem(image, source, options.imageNames);
          if (message)
            rows.push({
              level: 'error',
              school: school.key,
              documentType: type,
              documentId: doc._id,
              field,
              message,
            });
        }
      }
    }
  }
  rows.push(
    ...templateCopyRows(grouped.schools),
    ...fccRows(grouped.schools),
    ...sameAsInheritedRows(grouped.schools),
  );
  rows.push(...lacksOfOwnRows(input, rows));
  const order = (row: CheckRow) =>
    [row.school, row.documentType, row.documentId, row.field].join('\u0000');
  rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return {
    rows,
    documents,
    schools: grouped.schools.length,
    schoolKeys: grouped.schools.map(({ school }) => school.key),
    preparingKeys: grouped.schools
      .filter(({ school }) => school.status === 'preparing')
      .map(({ school }) => school.key),
  };
}

const asSet = ({ school, documents }: SchoolContent): SchoolSet => ({
  school: school,
  documents: Object.values(documents).flat(),
});

/**
 * A school made from a template (`school:new`, the Studio's New school) lists every field still
 * carrying the template school's text or images: warnings while it is being prepared, errors once
 * it is live (it would show another school's copy).
 */
function templateCopyRows(schools: readonly SchoolContent[]): CheckRow[] {
  const rows: CheckRow[] = [];
  const byKey = new Map(schools.map((content) => [content.school.key, content]));
  // Copy any live school shares is the product's, not one school's.
  const live = schools.filter(({ school }) => school.status !== 'preparing');
  let shared: CopyFingerprints | undefined;
  for (const content of schools) {
    const { school } = content;
    if (!school.templateSchool || school.status === 'retired') continue;
    const level = school.status === 'preparing' ? ('warning' as const) : ('error' as const);
    const template = byKey.get(school.templateSchool);
    if (!template) {
      rows.push({
        level: 'warning',
        school: school.key,
        documentType: 'school',
        documentId: school._id,
        field: 'templateSchool',
        message: `template school ${school.templateSchool} is not in the content: its text left here cannot be listed`,
      });
      continue;
    }
    // Made once, on first use: at 600 schools it is the check's heaviest step.
    shared ??= copyFingerprints(live.map(asSet));
    for (const found of findTemplateCopy(asSet(content), asSet(template), shared)) {
      rows.push({
        level,
        school: school.key,
        ...found,
        message: level === 'error' ? `${found.message} (the school is live)` : found.message,
      });
    }
  }
  return rows;
}

/** Aligned columns, one row per problem, grouped by school: level, school, type, document id, field, message. */
export function formatRows(rows: readonly CheckRow[]): string[] {
  const header: CheckRow = {
    level: 'level' as never,
    school: 'school',
    documentType: 'type',
    documentId: 'document',
    field: 'field',
    message: 'problem',
  };
  const table = [header, ...rows];
  const width = (key: keyof CheckRow) => Math.max(...table.map((row) => row[key].length));
  const keys = ['level', 'school', 'documentType', 'documentId', 'field'] as const;
  const widths = keys.map(width);
  return table.map((row) =>
    [...keys.map((key, index) => row[key].padEnd(widths[index] ?? 0)), row.message]
      .join('  ')
      .trimEnd(),
  );
}
