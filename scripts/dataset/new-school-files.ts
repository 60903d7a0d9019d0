/**
 * The files side of `npm run school:new`: reading a dataset in Sanity's export format, writing the
 * new school into it (or into an NDJSON file beside a copy of its images, ready for
 * `sanity dataset import`), a logo file, and the tenant record for the local API.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { readNdjson } from '../../src/lib/content/local.ts';
import { layerOf } from '../../src/lib/content/perspective.ts';
import type {
  ContentDocument,
  ImageAsset,
  SchoolSet,
} from '../../src/lib/new-school/from-template.ts';
import { replaceTerms } from '../../src/lib/content/inheritance/school-terms.ts';

export function readDataset(datasetDir: string): ContentDocument[] {
  const file = join(datasetDir, 'data.ndjson');
  return readNdjson(readFileSync(file, 'utf8'), file) as ContentDocument[];
}

/** A school's published documents (no drafts, no release versions): its `school` document and every document referencing it. */
export function schoolSet(
  documents: readonly ContentDocument[],
  key: string,
): SchoolSet | undefined {
  const published = (doc: ContentDocument) => layerOf(doc._id)?.layer === 'published';
  const school = documents.find(
    (doc) => doc._type === 'school' && doc.key === key && published(doc),
  );
  if (!school) return undefined;
  const ownDocuments = documents.filter(
    (doc) => (doc.school as { _ref?: unknown } | undefined)?._ref === school._id && published(doc),
  );
  return { school, documents: ownDocuments };
}

const lines = (documents: readonly ContentDocument[]) =>
  documents.map((doc) => `${JSON.stringify(doc)}\n`).join('');

/** Appends the documents to the dataset's data.ndjson. */
export function appendToDataset(datasetDir: string, documents: readonly ContentDocument[]): string {
  const file = join(datasetDir, 'data.ndjson');
  const before = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    `${before}${before.endsWith('\n') || !before ? '' : '\n'}${lines(documents)}`,
  );
  return file;
}

/** Writes an NDJSON file with the images it names beside it (images/), as `sanity dataset import` reads them. */
export function writeImportFile(
  outFile: string,
  documents: readonly ContentDocument[],
  datasetDir: string,
): string {
  const target = resolve(outFile);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, lines(documents));
  const imagesDir = join(dirname(target), 'images');
  if (resolve(imagesDir) !== resolve(datasetDir, 'images')) {
    mkdirSync(imagesDir, { recursive: true });
    const files = new Set(
      [...lines(documents).matchAll(/"_sanityAsset":"image@file:\/\/\.\/images\/([^"]+)"/g)].map(
        (match) => match[1]!,
      ),
    );
    // A logo given on the command line is already there.
    for (const file of files)
      if (!existsSync(join(imagesDir, file)))
        copyFileSync(join(datasetDir, 'images', file), join(imagesDir, file));
  }
  return target;
}

/** Copies a logo into the dataset's images as `<key>-logo-<width>x<height>.<ext>` (sizes are read from file names). */
export async function addLogo(file: string, key: string, imagesDir: string): Promise<ImageAsset> {
  if (!existsSync(file)) throw new Error(`logo file ${file} does not exist`);
  const extension = extname(file).slice(1).toLowerCase();
  if (!['svg', 'png', 'webp', 'jpg', 'jpeg'].includes(extension))
    throw new Error(`logo ${basename(file)} must be an SVG, PNG, WebP or JPEG file`);
  const { width, height } = await sharp(file).metadata();
  if (!width || !height) throw new Error(`logo ${basename(file)}: cannot read its size`);
  const name = `${key}-logo-${width}x${height}.${extension}`;
  mkdirSync(imagesDir, { recursive: true });
  copyFileSync(file, join(imagesDir, name));
  return { _sanityAsset: `image@file://./images/${name}` };
}

export type TenantRecord = Record<string, unknown> & { id: number; slug: string };

/**
 * The local API's tenant records with one for the new school: the template's record with new ids
 * (the template's affiliate id would credit the template school), the new key and name, and the
 * template's names swapped in its text (support address). Nothing is written yet.
 */
export function withTenantRecord(
  file: string,
  templateKey: string,
  fields: {
    key: string;
    name: string;
    primaryHex?: string | undefined;
    secondaryHex?: string | undefined;
  },
  words: ReadonlyMap<string, string>,
): { records: TenantRecord[]; record: TenantRecord } {
  const records = JSON.parse(readFileSync(file, 'utf8')) as TenantRecord[];
  const template = records.find((record) => record.slug === templateKey);
  if (!template)
    throw new Error(`${file} has no tenant record for the template school "${templateKey}"`);
  if (records.some((record) => record.slug === fields.key))
    throw new Error(`${file} already has a tenant record for "${fields.key}"`);
  const next = (name: 'id' | 'affiliateId') =>
    Math.max(0, ...records.map((record) => Number(record[name]) || 0)) + 1;
  const copy = Object.fromEntries(
    Object.entries(template).map(([name, value]) => [
      name,
      typeof value === 'string' ? replaceTerms(value, words) : value,
    ]),
  );
  const record: TenantRecord = {
    ...copy,
    id: next('id'),
    ...('affiliateId' in template ? { affiliateId: next('affiliateId') } : {}),
    slug: fields.key,
    Name: fields.name,
    ...(fields.primaryHex ? { PrimaryColor: fields.primaryHex } : {}),
    ...(fields.secondaryHex ? { SeconndaryColor: fields.secondaryHex } : {}),
  };
  return { records: [...records, record], record };
}

/** Whether the local API's records have one for the key (an unreadable file counts as none). */
export function hasTenantRecord(file: string, key: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as TenantRecord[]).some(
      (record) => record.slug === key,
    );
  } catch {
    return false;
  }
}

export function writeTenantRecords(file: string, records: readonly TenantRecord[]): void {
  writeFileSync(file, `${JSON.stringify(records, null, 2)}\n`);
}
