/**
 * The content check's two lists about the product layer:
 * - what a school being prepared still lacks of its own (inheritance/school-owned.ts: its names,
 *   colours and logo, an FCC plan id on each label), as warnings; a lack another row already names
 *   (the schema's error for a required name, the brand colour warning) is not listed twice;
 * - every override equal to the value the school would inherit (inheritance/leaves.ts), for every
 *   school, as warnings: such an override silently stops later changes to the product document
 *   from reaching that school.
 */
import type { RawBuildContent, SchoolContent } from '../../src/lib/content/group.ts';
import {
  inheritanceOf,
  isProductId,
  lacksOfOwn,
  overrideLeaves,
  pathString,
  schoolWords,
} from '../../src/lib/content/inheritance/index.ts';
import { publishedId, schoolRefOf } from '../../src/lib/content/school-reference.ts';
import { schoolStatusOf } from '../../src/lib/schools/lifecycle.ts';
import type { CheckRow } from './check-row.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string };

const rowKey = (row: Pick<CheckRow, 'school' | 'documentId' | 'field'>) =>
  [row.school, row.documentId, row.field].join('\u0000');

/** What each preparing school (its school document valid or not) lacks of its own, unless `others` names it already. */
export function lacksOfOwnRows(input: RawBuildContent, others: readonly CheckRow[]): CheckRow[] {
  const named = new Set(others.map(rowKey));
  const documents = input.documents as Doc[];
  const products = documents.filter((doc) => isProductId(doc._id));
  const rows: CheckRow[] = [];
  for (const school of input.schools as Doc[]) {
    if (schoolStatusOf(school.status) !== 'preparing') continue;
    const id = publishedId(String(school._id));
    const own = documents.filter((doc) => {
      const ref = schoolRefOf(doc);
      return ref !== undefined && publishedId(ref) === id;
    });
    const key = typeof school.key === 'string' && school.key ? school.key : id;
    for (const lack of lacksOfOwn(school, own, products)) {
      const row: CheckRow = { level: 'warning', school: key, ...lack };
      if (!named.has(rowKey(row))) rows.push(row);
    }
  }
  return rows;
}

/** Every override (of a valid document of a school read) that holds the value the school would inherit anyway. */
export function sameAsInheritedRows(schools: readonly SchoolContent[]): CheckRow[] {
  const rows: CheckRow[] = [];
  for (const { school, documents } of schools) {
    const words = schoolWords(school);
    for (const doc of Object.values(documents).flat()) {
      const sources = inheritanceOf(doc);
      if (!sources?.product || !sources.override) continue;
      const productId = publishedId(String(sources.product._id));
      for (const leaf of overrideLeaves(sources.product, sources.override, words))
        if (leaf.sameAsInherited)
          rows.push({
            level: 'warning',
            school: school.key,
            documentType: String(sources.override._type),
            documentId: String(sources.override._id),
            field: pathString(leaf.path),
            message: `the same as it would inherit from ${productId}: later changes there do not reach this school (clear the field to inherit them)`,
          });
    }
  }
  return rows;
}
