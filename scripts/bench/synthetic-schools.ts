/**
 * Synthetic schools for the build benchmark: N schools made from the bundled ones the build
 * publishes (a retired school has no pages), each with its own key, seo slug, legacy aliases,
 * names, colours, FCC plan ids and tenant record. School i copies published bundled school
 * i mod 6; the first six are those schools unchanged, so the bench at 6 schools builds exactly
 * the real site's pages. Pure: documents in, documents out.
 */
import { schoolStatusOf } from '../../src/lib/schools/lifecycle.ts';

type Doc = Record<string, unknown> & { _id: string; _type: string; school?: { _ref: string } };
type TenantRecord = Record<string, unknown> & {
  id: number;
  affiliateId: number;
  slug: string;
  Name: string;
};

export interface SyntheticDataset {
  documents: Doc[];
  tenants: TenantRecord[];
}

/** A distinct, fairly saturated colour per copy (golden-angle hue steps). */
export function syntheticColour(index: number, lightness = 0.38): string {
  const hue = (index * 137.508) % 360;
  const saturation = 0.65;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] =
    hue < 60
      ? [chroma, x, 0]
      : hue < 120
        ? [x, chroma, 0]
        : hue < 180
          ? [0, chroma, x]
          : hue < 240
            ? [0, x, chroma]
            : hue < 300
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const hex = (value: number) =>
    Math.round((value + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`.toUpperCase();
}

function copySchool(school: Doc, copy: number): Doc {
  const suffix = (value: unknown) => `${String(value)}-${copy}`;
  return {
    ...school,
    _id: suffix(school._id),
    key: `${String(school.key)}${copy}`,
    seoSlug: suffix(school.seoSlug),
    legacyAliases: ((school.legacyAliases as string[] | undefined) ?? []).map(suffix),
    baseName: `${String(school.baseName)} ${copy}`,
    schoolName: `${String(school.schoolName)} (campus ${copy})`,
  };
}

/** A copy's FCC plan id: the same FRN, the plan code's last four characters made the copy's own. */
export function syntheticPlanId(planId: string, copy: number): string {
  return `${planId.slice(0, -4)}${copy.toString(36).toUpperCase().padStart(4, '0')}`;
}

/** A per-school document of copy `copy`: its own id, its school, and (broadband labels) its own plan id. */
function copyDocument(doc: Doc, school: Doc, copy: number): Doc {
  const reference = { _type: 'reference', _ref: school._id };
  const planId =
    doc._type === 'broadbandFacts' && typeof doc.uniquePlanId === 'string'
      ? { uniquePlanId: syntheticPlanId(doc.uniquePlanId, copy) }
      : {};
  return { ...doc, ...planId, _id: `${doc._id}-${copy}`, school: reference };
}

function copyTenant(record: TenantRecord, key: string, copy: number, index: number): TenantRecord {
  return {
    ...record,
    id: record.id + copy * 10_000,
    affiliateId: record.affiliateId + copy * 10_000,
    slug: key,
    Name: `${record.Name} ${copy}`,
    PrimaryColor: syntheticColour(index),
    SeconndaryColor: syntheticColour(index + 3, 0.7),
    ThirdColor: syntheticColour(index + 5, 0.92),
  };
}

export function syntheticDataset(
  bundled: { documents: Doc[]; tenants: TenantRecord[] },
  count: number,
): SyntheticDataset {
  const schools = bundled.documents.filter(
    (doc) => doc._type === 'school' && schoolStatusOf(doc.status) !== 'retired',
  );
  if (schools.length === 0)
    throw new Error('the bundled dataset has no school documents (other than retired ones)');
  const shared = bundled.documents.filter(
    (doc) => doc._type !== 'school' && doc.school === undefined,
  );
  // Per-school documents, by the id of the school document they reference.
  const bySchool = Map.groupBy(
    bundled.documents.filter((doc) => doc.school !== undefined),
    (doc) => doc.school!._ref,
  );

  const documents: Doc[] = [...shared];
  const tenants: TenantRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const base = schools[index % schools.length] as Doc;
    const baseKey = String(base.key);
    const copy = Math.floor(index / schools.length);
    const record = bundled.tenants.find((tenant) => tenant.slug === baseKey);
    if (!record) throw new Error(`no tenant record for bundled school ${baseKey}`);
    if (copy === 0) {
      documents.push(base, ...(bySchool.get(base._id) ?? []));
      tenants.push(record);
      continue;
    }
    const school = copySchool(base, copy);
    const key = String(school.key);
    documents.push(
      school,
      ...(bySchool.get(base._id) ?? []).map((doc) => copyDocument(doc, school, copy)),
    );
    tenants.push(copyTenant(record, key, copy, index));
  }
  return { documents, tenants };
}
