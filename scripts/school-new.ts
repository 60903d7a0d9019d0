/**
 * A new school from a template school, in one step:
 *
 *   npm run school:new -- --from cubbymobile --key falconmobile --slug falcon-mobile --name "Falcon Mobile"
 *       [--school-name "Ridgeview University"] [--short Ridgeview] [--fan-base "Falcon Nation"]
 *       [--mascot Falcon --mascot-plural Falcons]
 *       [--city Boulder] [--state Colorado] [--primary "#9E1B32" --primary-name "Falcon Red"]
 *       [--secondary "#A7A9AC" --secondary-name "Falcon Silver"] [--logo logo.svg]
 *       [--tenant] [--out new-school.ndjson] [--dataset dir] [--tenants-file file]
 *
 * Copies the template's `school` document and every document referencing it, with new ids, the
 * new school's names swapped in and status `preparing`, into the bundled dataset (CONTENT_DATASET_DIR)
 * or, with --out, an NDJSON file (images beside it) for `sanity dataset import`. --tenant also adds
 * a tenant record to the local API's records (TENANTS_FILE). `npm run content:check` then lists
 * every field still carrying the template school's text or images.
 * Exit code 0: written; 1: refused (nothing written), with the reason.
 */
import { dirname, join, resolve } from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { env } from '../src/lib/config/env.ts';
import {
  newSchoolErrors,
  newSchoolFromTemplate,
  type BrandColour,
  type NewSchoolFields,
} from '../src/lib/new-school/from-template.ts';
import { termReplacements } from '../src/lib/content/inheritance/school-terms.ts';
import {
  addLogo,
  appendToDataset,
  hasTenantRecord,
  readDataset,
  schoolSet,
  withTenantRecord,
  writeImportFile,
  writeTenantRecords,
} from './dataset/new-school-files.ts';

const USAGE =
  'usage: npm run school:new -- --from <template key> --key <new key> --slug <seo slug> --name "<service name>" [--school-name ...] [--short ...] [--fan-base ...] [--mascot ... --mascot-plural ...] [--city ...] [--state ...] [--primary "#rrggbb" --primary-name ...] [--secondary "#rrggbb" --secondary-name ...] [--logo file] [--tenant] [--out file.ndjson]';

function fail(message: string): never {
  console.error(`school:new: ${message}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    options: Object.fromEntries([
      ...[
        'from',
        'key',
        'slug',
        'name',
        'school-name',
        'short',
        'fan-base',
        'mascot',
        'mascot-plural',
        'city',
        'state',
        'primary',
        'primary-name',
        'secondary',
        'secondary-name',
        'logo',
        'out',
        'dataset',
        'tenants-file',
      ].map((name) => [name, { type: 'string' as const }]),
      ['tenant', { type: 'boolean' as const, default: false }],
      ['help', { type: 'boolean' as const, default: false }],
    ]) as ParseArgsOptionsConfig,
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const values = parsed.values as Record<string, string | undefined> & {
  tenant: boolean;
  help: boolean;
};
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const missing = (['from', 'key', 'slug', 'name'] as const).filter((name) => !values[name]);
if (missing.length) fail(`missing ${missing.map((name) => `--${name}`).join(', ')}\n${USAGE}`);

const settings = env();
const datasetDir = values.dataset ?? settings.CONTENT_DATASET_DIR;
const tenantsFile = values['tenants-file'] ?? settings.TENANTS_FILE;
let documents;
try {
  documents = readDataset(datasetDir);
} catch (error) {
  fail(`cannot read the dataset in ${datasetDir}: ${(error as Error).message}`);
}

const from = values.from!;
const template = schoolSet(documents, from);
const schools = documents.filter((doc) => doc._type === 'school');
if (!template)
  fail(
    `no template school "${from}" in ${datasetDir}; its schools are ${schools.map((doc) => String(doc.key)).join(', ')}`,
  );

const colour = (which: 'primary' | 'secondary'): BrandColour | undefined => {
  const hex = values[which];
  return hex === undefined
    ? undefined
    : { name: values[`${which}-name`] ?? `${values.name} ${which}`, hex };
};
const fields: NewSchoolFields = {
  key: values.key!,
  seoSlug: values.slug!,
  baseName: values.name!,
  schoolName: values['school-name'],
  schoolShort: values.short,
  mascotNation: values['fan-base'],
  mascot: values.mascot,
  mascotPlural: values['mascot-plural'],
  city: values.city,
  state: values.state,
  primaryColor: colour('primary'),
  secondaryColor: colour('secondary'),
};
const errors = newSchoolErrors(fields, schools);
if (errors.length)
  fail(`cannot make school "${fields.key}" from ${from}:\n  ${errors.join('\n  ')}`);

try {
  // Everything that can refuse runs before anything is written.
  const made = newSchoolFromTemplate(template, fields);
  const tenant = values.tenant
    ? withTenantRecord(
        tenantsFile,
        from,
        {
          key: fields.key,
          name: fields.baseName,
          primaryHex: fields.primaryColor?.hex,
          secondaryHex: fields.secondaryColor?.hex,
        },
        termReplacements(template.school, made.school),
      )
    : undefined;
  // The logo goes where the new documents' images are read from.
  const logo = values.logo
    ? await addLogo(
        values.logo,
        fields.key,
        join(values.out ? dirname(resolve(values.out)) : datasetDir, 'images'),
      )
    : undefined;
  const { school, documents: schoolDocuments } = logo
    ? newSchoolFromTemplate(template, { ...fields, logo })
    : made;
  const all = [school, ...schoolDocuments];
  const written = values.out
    ? writeImportFile(values.out, all, datasetDir)
    : appendToDataset(datasetDir, all);
  console.log(
    `school:new: ${fields.key} (/${fields.seoSlug}) made from ${from}: ${all.length} documents written to ${written}, status preparing`,
  );
  if (tenant) {
    writeTenantRecords(tenantsFile, tenant.records);
    console.log(
      `school:new: tenant record ${tenant.record.id} for ${fields.key} added to ${tenantsFile} (the product API needs its own)`,
    );
  } else if (!values.out && !hasTenantRecord(tenantsFile, fields.key)) {
    console.log(
      `school:new: ${tenantsFile} has no tenant record for ${fields.key}: the local build stops on the school until it has one (run with --tenant, or add it)`,
    );
  }
  console.log(
    "school:new: next, replace the template's text and images: npm run content:check lists every field still carrying them",
  );
} catch (error) {
  fail((error as Error).message);
}
