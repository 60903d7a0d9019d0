/**
 * Checks the bundled dataset. The general part is the content check (`npm run content:check`:
 * the build's query and schemas, missing documents, duplicates, image references); on top of it
 * this holds the bundled dataset's own invariants: exactly one of each document (each school's
 * resolved against the product documents, retired schools' too), broadband facts that line up with
 * plan cards (mobile plan ids of one FRN), image files whose names carry their real pixel size, and a
 * tenant record in src/dataset/tenants.json per school that is not retired, and release versions
 * that belong to a release the dataset carries. Warnings count as errors here.
 *
 *   node scripts/dataset/validate-dataset.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  indexProducts,
  isProductId,
  resolveSchoolDocuments,
  schoolWords,
} from '../../src/lib/content/inheritance/index.ts';
import { createLocalSource } from '../../src/lib/content/local.ts';
import { applyPerspective, layerOf } from '../../src/lib/content/perspective.ts';
import { checkContent, formatRows } from './content-check.ts';
import { readExport } from './sanity-export.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATASET = join(ROOT, 'src/dataset');
const errors: string[] = [];
const fail = (message: string) => errors.push(message);

type Doc = Record<string, unknown> & { _id: string; _type: string; school?: { _ref?: string } };
const dataset = readExport(DATASET);
const docs = dataset.documents as Doc[];

// ---- the general content check: schemas, missing documents, duplicates, image references
const checked = await checkContent(createLocalSource(DATASET, docs), {
  imageNames: dataset.imageNames,
});
if (checked.fatal) fail(checked.fatal);
if (checked.rows.length) fail(`content check:\n    ${formatRows(checked.rows).join('\n    ')}`);

// ---- multiplicities
const settings = docs.filter((d) => d._type === 'siteSettings');
if (settings.length !== 1) fail(`expected exactly one siteSettings, found ${settings.length}`);
const schoolDocs = docs.filter((d) => d._type === 'school');
const schools = schoolDocs.map((d) => String(d.key));
if (schools.length === 0) fail('no school documents');

// Each school's published documents as its pages read them: resolved against the product documents
// (retired schools' too, which the content check does not read).
const published = applyPerspective(docs, 'published') as Doc[];
const products = indexProducts(published.filter((d) => isProductId(d._id)));
for (const problem of [...products.errors, ...products.problems])
  fail(`${problem.documentId} ${problem.field ?? ''}: ${problem.reason}`);
const resolvedOf = new Map(
  schoolDocs.map((school) => {
    const { documents, stops } = resolveSchoolDocuments(
      school,
      schoolWords(school),
      published.filter((d) => d.school?._ref === school._id),
      products,
    );
    for (const stop of stops) fail(`${stop.documentId} ${stop.field ?? ''}: ${stop.reason}`);
    return [String(school.key), documents as Doc[]];
  }),
);

const planIds = new Set<string>();
const frns = new Set<string>();
for (const school of schools) {
  const mine = resolvedOf.get(school) ?? [];
  const ofType = (type: string) => mine.filter((d) => d._type === type);
  // The content check finds missing ones; here each kind must exist exactly once.
  const banners = ofType('partnerBanner')
    .map((d) => d.bannerNumber)
    .sort();
  if (JSON.stringify(banners) !== '[1,2]')
    fail(`${school}: partner banners should be numbered 1 and 2, found ${JSON.stringify(banners)}`);
  for (const type of ['planPageHeader', 'planCards']) {
    const kinds = ofType(type)
      .map((d) => String(d.customerType))
      .sort();
    if (JSON.stringify(kinds) !== '["faculty","fan","student"]')
      fail(
        `${school}: ${type} should exist once per customer type, found ${JSON.stringify(kinds)}`,
      );
  }

  // broadband facts: one per plan card, and the first record (by order) whose planName contains
  // the card's label (case-insensitive) is that card's own record.
  const facts = ofType('broadbandFacts').sort(
    (a, b) => Number(a.order ?? 0) - Number(b.order ?? 0),
  );
  const labels = ofType('planCards').flatMap((d) =>
    (d.plans as { planLabel: string }[]).map((p) => p.planLabel),
  );
  if (facts.length !== labels.length)
    fail(`${school}: ${labels.length} plan cards but ${facts.length} broadband facts`);
  const matched = new Set<string>();
  for (const label of labels) {
    const fact = facts.find((f) => String(f.planName).toLowerCase().includes(label.toLowerCase()));
    if (!fact) {
      fail(`${school}: no broadband facts for plan "${label}"`);
      continue;
    }
    if (matched.has(fact._id))
      fail(`${school}: plan "${label}" selects ${fact._id}, which another plan already selects`);
    matched.add(fact._id);
  }
  for (const fact of facts) {
    const id = String(fact.uniquePlanId);
    // Every bundled label is a mobile service's (M), of the one provider behind every school (one FRN).
    if (!/^M\d{10}[A-Z0-9]{15}$/.test(id))
      fail(`${fact._id}: uniquePlanId ${id} does not look like an FCC mobile label id`);
    if (planIds.has(id)) fail(`${fact._id}: uniquePlanId ${id} is used twice`);
    planIds.add(id);
    frns.add(id.slice(1, 11));
  }
}
if (frns.size > 1)
  fail(`the bundled labels carry ${frns.size} FRNs, not one: ${[...frns].join(', ')}`);

// ---- releases: every version belongs to a release the dataset carries, of a document it publishes or creates
const releaseNames = new Set(
  docs
    .filter((d) => d._type === 'system.release')
    .map((d) => String(d._id).replace(/^_\.releases\./, '')),
);
for (const doc of docs.filter((d) => d._id.startsWith('versions.'))) {
  const layer = layerOf(doc._id);
  if (!layer || !releaseNames.has(layer.layer))
    fail(`${doc._id}: a version of no release in the dataset`);
}
for (const doc of docs.filter((d) => d._type === 'system.release')) {
  if (doc._id !== `_.releases.${String(doc.name)}`)
    fail(`${doc._id}: a release document's id is _.releases.<its name>`);
}

// ---- images: references have the export's form, and file names carry their real size
// (the content check already found references to missing files)
const referenced = new Set<string>();
const collect = (value: unknown): void => {
  if (Array.isArray(value)) value.forEach(collect);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '_sanityAsset' && typeof v === 'string') referenced.add(v);
      else collect(v);
    }
  }
};
docs.forEach(collect);

for (const asset of referenced) {
  if (!/^image@file:\/\/\.\/images\/[^/]+$/.test(asset))
    fail(`asset reference ${asset} is not image@file://./images/<name>`);
}

const imageFiles = readdirSync(join(DATASET, 'images'));
for (const file of imageFiles) {
  const dims = /-(\d+)x(\d+)\.(svg|webp|png|jpe?g)$/.exec(file);
  if (!dims) {
    fail(`images/${file}: name does not end with -<width>x<height>.<ext>`);
    continue;
  }
  const [w, h] = [Number(dims[1]), Number(dims[2])];
  const path = join(DATASET, 'images', file);
  const meta = await sharp(path).metadata();
  if (meta.width !== w || meta.height !== h)
    fail(`images/${file}: named ${w}x${h} but is ${meta.width}x${meta.height}`);
  if (dims[3] === 'svg') {
    const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(readFileSync(path, 'utf8'));
    if (!viewBox || Number(viewBox[1]) !== w || Number(viewBox[2]) !== h)
      fail(`images/${file}: viewBox does not match ${w}x${h}`);
  }
}
const unreferenced = imageFiles.filter((f) => !referenced.has(`image@file://./images/${f}`));

// ---- tenant records
type Tenant = {
  id: unknown;
  affiliateId: unknown;
  slug: unknown;
  Name: unknown;
  ActiveGiveawayEvent: unknown;
  [k: string]: unknown;
};
const tenants = JSON.parse(
  readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8'),
) as Tenant[];
// A retired school needs no tenant record (its pages are gone; its addresses redirect).
const retired = new Set(schoolDocs.filter((d) => d.status === 'retired').map((d) => String(d.key)));
for (const school of schools.filter((key) => !retired.has(key))) {
  const tenant = tenants.find((t) => t.slug === school);
  if (!tenant) {
    fail(`tenants.json: no record for ${school}`);
    continue;
  }
  if (typeof tenant.id !== 'number' || typeof tenant.affiliateId !== 'number')
    fail(`tenants.json ${school}: id and affiliateId must be numbers`);
  if (typeof tenant.Name !== 'string' || tenant.Name === '')
    fail(`tenants.json ${school}: Name missing`);
  for (const field of ['PrimaryColor', 'SeconndaryColor', 'ThirdColor']) {
    if (field in tenant && !/^#[0-9A-Fa-f]{6}$/.test(String(tenant[field])))
      fail(`tenants.json ${school}: ${field} is not a hex colour`);
  }
  const form = resolvedOf.get(school)?.find((d) => d._type === 'giveawayForm');
  if (form && form.guid !== tenant.ActiveGiveawayEvent)
    fail(`${school}: giveawayForm.guid differs from the tenant's ActiveGiveawayEvent`);
}
if (new Set(tenants.map((t) => t.id)).size !== tenants.length)
  fail('tenants.json: ids are not unique');

if (errors.length > 0) {
  console.error(`dataset check failed (${errors.length}):\n  ${errors.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `dataset ok: ${docs.length} documents, ${schools.length} schools, ${referenced.size} images referenced` +
    (unreferenced.length
      ? ` (${unreferenced.length} artwork source files not referenced: ${unreferenced.join(', ')})`
      : ''),
);
