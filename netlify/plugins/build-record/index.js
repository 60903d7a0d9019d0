/**
 * Stores the build's record (which revision of each document this deploy carries, the schools it
 * left out and its content problems: src/lib/build/build-record.ts) in the deploy's Netlify Blobs
 * store, where the deploy-notification function reads it. On Netlify the build command has no
 * Blobs access; a build plugin has (Netlify hands plugins NETLIFY_BLOBS_CONTEXT for the deploy).
 * Plain JavaScript: Netlify loads a plugin before anything is compiled. Never fails the deploy: a
 * missing record leaves that deploy's documents "unknown", its pages are still right.
 */
import { readFile } from 'node:fs/promises';
import { getDeployStore } from '@netlify/blobs';

/** As in src/lib/deploys/records.ts (BUILD_REPORT_STORE, BUILD_REPORT_KEY) and src/lib/build/integration.ts. */
export const STORE = 'build-report';
export const KEY = 'report';
export const RECORD_FILE = '.netlify/build-record.json';

export async function onPostBuild() {
  let text;
  try {
    text = await readFile(RECORD_FILE, 'utf8');
  } catch {
    console.log(`Build record: this build wrote none (${RECORD_FILE}); the editors' preview site records none`);
    return;
  }
  try {
    await getDeployStore(STORE).setJSON(KEY, JSON.parse(text));
    console.log(`Build record: stored in the deploy's Netlify Blobs (${STORE}/${KEY})`);
  } catch (error) {
    console.log(`Build record: could not be stored in the deploy's Netlify Blobs (${error.message}); this deploy's documents will read as unknown`);
  }
}
