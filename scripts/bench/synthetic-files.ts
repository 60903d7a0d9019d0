/**
 * A synthetic dataset on disk for the benches: `count` schools made from the bundled ones
 * (synthetic-schools.ts) in `work/dataset` (data.ndjson beside the bundled images) and their
 * tenant records in `work/tenants.json`; and the bundled dataset they are made from.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readNdjson } from '../../src/lib/content/local.ts';
import { syntheticDataset, type SyntheticDataset } from './synthetic-schools.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface SyntheticFiles extends SyntheticDataset {
  datasetDir: string;
  datasetFile: string;
  tenantsFile: string;
}

/** The bundled dataset as src/dataset has it: its documents and tenant records. */
type BundledDataset = Parameters<typeof syntheticDataset>[0];

export function bundledDataset(): BundledDataset {
  const bundledFile = join(ROOT, 'src/dataset/data.ndjson');
  return {
    documents: readNdjson(readFileSync(bundledFile), bundledFile) as BundledDataset['documents'],
    tenants: JSON.parse(
      readFileSync(join(ROOT, 'src/dataset/tenants.json'), 'utf8'),
    ) as BundledDataset['tenants'],
  };
}

/** `images`: copied (a build publishes them, and the copy must survive the bench) or linked (read only). */
export function writeSyntheticDataset(
  work: string,
  count: number,
  images: 'copy' | 'link' = 'copy',
): SyntheticFiles {
  const synthetic = syntheticDataset(bundledDataset(), count);
  const datasetDir = join(work, 'dataset');
  mkdirSync(datasetDir, { recursive: true });
  const datasetFile = join(datasetDir, 'data.ndjson');
  writeFileSync(
    datasetFile,
    synthetic.documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n',
  );
  if (images === 'copy')
    cpSync(join(ROOT, 'src/dataset/images'), join(datasetDir, 'images'), { recursive: true });
  else symlinkSync(join(ROOT, 'src/dataset/images'), join(datasetDir, 'images'));
  const tenantsFile = join(work, 'tenants.json');
  writeFileSync(tenantsFile, JSON.stringify(synthetic.tenants));
  return { ...synthetic, datasetDir, datasetFile, tenantsFile };
}
