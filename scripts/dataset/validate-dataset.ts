/**
 * Checks the bundled dataset against the content schemas:
 * every document parses, every school has every document type in the right number,
 * broadband facts line up with plan cards, every referenced image exists and its file name
 * carries its real pixel size, and src/dataset/tenants.json has a record per school.
 *
 *   node scripts/dataset/validate-dataset.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  MULTI_DOCUMENT_TYPES, TENANT_DOCUMENT_TYPES, schoolSchema, siteSettingsSchema, tenantDocumentSchemas,
  type TenantDocumentType,
} from '../../src/lib/content/schemas.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATASET = join(ROOT, 'src/dataset');
const errors: string[] = [];
const fail = (message: string) => errors.push(message);

type Doc = Record<string, unknown> & { _id: string; _type: string; tenant?: string };
const docs: Doc[] = readFileSync(join(DATASET, 'data.ndjson'), 'utf8')
  .split('\n').filter((line) => line.trim() !== '')
  .map((line, i) => {
    try { return JSON.parse(line) as Doc; } catch (error) { fail(`line ${i + 1}: not JSON (${String(error)})`); return { _id: '', _type: '' }; }
  });

// ---- every document parses with its schema; ids are unique
const ids = new Set<string>();
for (const doc of docs) {
  if (ids.has(doc._id)) fail(`duplicate _id ${doc._id}`);
  ids.add(doc._id);
  const schema = doc._type === 'school' ? schoolSchema
    : doc._type === 'siteSettings' ? siteSettingsSchema
      : tenantDocumentSchemas[doc._type as TenantDocumentType];
  if (!schema) { fail(`${doc._id}: unknown _type ${doc._type}`); continue; }
  const result = schema.safeParse(doc);
  if (!result.success) fail(`${doc._id}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}

// ---- multiplicities
const settings = docs.filter((d) => d._type === 'siteSettings');
if (settings.length !== 1) fail(`expected exactly one siteSettings, found ${settings.length}`);
const schools = docs.filter((d) => d._type === 'school').map((d) => String(d.key));
if (schools.length === 0) fail('no school documents');
const slugs = docs.filter((d) => d._type === 'school').map((d) => String(d.seoSlug));
if (new Set(slugs).size !== slugs.length) fail('seo slugs are not unique');

for (const doc of docs) {
  if (doc.tenant !== undefined && !schools.includes(doc.tenant)) fail(`${doc._id}: tenant ${doc.tenant} is not a registered school`);
}

const planIds = new Set<string>();
for (const school of schools) {
  const mine = docs.filter((d) => d.tenant === school);
  const ofType = (type: string) => mine.filter((d) => d._type === type);
  for (const type of TENANT_DOCUMENT_TYPES) {
    const n = ofType(type).length;
    if (!MULTI_DOCUMENT_TYPES.has(type) && n !== 1) fail(`${school}: expected one ${type}, found ${n}`);
  }
  const banners = ofType('partnerBanner').map((d) => d.bannerNumber).sort();
  if (JSON.stringify(banners) !== '[1,2]') fail(`${school}: partner banners should be numbered 1 and 2, found ${JSON.stringify(banners)}`);
  for (const type of ['planPageHeader', 'planCards']) {
    const kinds = ofType(type).map((d) => String(d.customerType)).sort();
    if (JSON.stringify(kinds) !== '["faculty","fan","student"]') fail(`${school}: ${type} should exist once per customer type, found ${JSON.stringify(kinds)}`);
  }

  // broadband facts: one per plan card, and the first record (by order) whose planName contains
  // the card's label (case-insensitive) is that card's own record.
  const facts = ofType('broadbandFacts').sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0));
  const labels = ofType('planCards').flatMap((d) => (d.plans as { planLabel: string }[]).map((p) => p.planLabel));
  if (facts.length !== labels.length) fail(`${school}: ${labels.length} plan cards but ${facts.length} broadband facts`);
  const matched = new Set<string>();
  for (const label of labels) {
    const fact = facts.find((f) => String(f.planName).toLowerCase().includes(label.toLowerCase()));
    if (!fact) { fail(`${school}: no broadband facts for plan "${label}"`); continue; }
    if (matched.has(fact._id)) fail(`${school}: plan "${label}" selects ${fact._id}, which another plan already selects`);
    matched.add(fact._id);
  }
  for (const fact of facts) {
    const id = String(fact.uniquePlanId);
    if (!/^F\d{10}[A-Z0-9]{15}$/.test(id)) fail(`${fact._id}: uniquePlanId ${id} does not look like an FCC label id`);
    if (planIds.has(id)) fail(`${fact._id}: uniquePlanId ${id} is used twice`);
    planIds.add(id);
  }
}

// ---- images: referenced files exist and their names carry their real size
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
  const match = /^image@file:\/\/\.\/(images\/[^/]+)$/.exec(asset);
  if (!match) { fail(`asset reference ${asset} is not image@file://./images/<name>`); continue; }
  if (!existsSync(join(DATASET, match[1]!))) fail(`missing image file ${match[1]}`);
}

const imageFiles = readdirSync(join(DATASET, 'images'));
for (const file of imageFiles) {
  const dims = /-(\d+)x(\d+)\.(svg|webp|png|jpe?g)$/.exec(file);
  if (!dims) { fail(`images/${file}: name does not end with -<width>x<height>.<ext>`); continue; }
  const [w, h] = [Number(dims[1]), Number(dims[2])];
  const path = join(DATASET, 'images', file);
  const meta = await sharp(path).metadata();
  if (meta.width !== w || meta.height !== h) fail(`images/${file}: named ${w}x${h} but is ${meta.width}x${meta.height}`);
  if (dims[3] === 'svg') {
    const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(readFileSync(path, 'utf8'));
    if (!viewBox || Number(viewBox[1]) !== w || Number(viewBox[2]) !== h) fail(`images/${file}: viewBox does not match ${w}x${h}`);
  }
}
const unreferenced = imageFiles.filter((f) => !referenced.has(`image@file://./images/${f}`));

// ---- tenant records
type Tenant = { id: unknown; affiliateId: unknown; slug: unknown; Name: unknown; ActiveGiveawayEvent: unknown; [k: string]: unknown };
const tenants = JSON.parse(readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8')) as Tenant[];
for (const school of schools) {
  const tenant = tenants.find((t) => t.slug === school);
  if (!tenant) { fail(`tenants.json: no record for ${school}`); continue; }
  if (typeof tenant.id !== 'number' || typeof tenant.affiliateId !== 'number') fail(`tenants.json ${school}: id and affiliateId must be numbers`);
  if (typeof tenant.Name !== 'string' || tenant.Name === '') fail(`tenants.json ${school}: Name missing`);
  for (const field of ['PrimaryColor', 'SeconndaryColor', 'ThirdColor']) {
    if (field in tenant && !/^#[0-9A-Fa-f]{6}$/.test(String(tenant[field]))) fail(`tenants.json ${school}: ${field} is not a hex colour`);
  }
  const form = docs.find((d) => d.tenant === school && d._type === 'giveawayForm');
  if (form && form.guid !== tenant.ActiveGiveawayEvent) fail(`${school}: giveawayForm.guid differs from the tenant's ActiveGiveawayEvent`);
}
if (new Set(tenants.map((t) => t.id)).size !== tenants.length) fail('tenants.json: ids are not unique');

if (errors.length > 0) {
  console.error(`dataset check failed (${errors.length}):\n  ${errors.join('\n  ')}`);
  process.exit(1);
}
console.log(`dataset ok: ${docs.length} documents, ${schools.length} schools, ${referenced.size} images referenced`
  + (unreferenced.length ? ` (${unreferenced.length} artwork source files not referenced: ${unreferenced.join(', ')})` : ''));
