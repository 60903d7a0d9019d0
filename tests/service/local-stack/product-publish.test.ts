/**
 * One change, one build: `npm run publish:local` publishes one product document (the footer's fine
 * print, which a school shows unless it overrides it) on the tracked dataset. Exactly one build runs,
 * every live school that inherits the fine print serves the new words (in its own name, the
 * placeholder filled), a school that overrides it still serves its own, and the document's status,
 * as the Studio's badge asks for it, ends live.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import type { DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import {
  ROOT,
  startSanityUsersStandIn,
  startStackProcess,
  type StackProcess,
} from './stack-process.ts';

const work = mkdtempSync(join(tmpdir(), 'product-publish-'));
const dataDir = join(work, 'data');
const working = join(workingDatasetDir(dataDir), 'data.ndjson');
// Inside the project: Astro moves its output there with rename.
const deploysDir = join(ROOT, '.netlify', 'tests', 'product-publish');

type Doc = Record<string, unknown> & { _id: string; _type: string };
const settings: Record<string, string> = {
  DATA_DIR: dataDir,
  DIST_DIR: join(work, 'dist'),
  DEPLOYS_DIR: deploysDir,
  SANITY_STUDIO_URL: 'http://localhost:3333',
  CONTENT_DATASET_DIR: join(ROOT, 'src/dataset'),
};
const EDITOR = 'product-publish-editor-token';

/** The product's fine print, its new words, and the one school that overrides it (in the working copy, as published earlier). */
const PRODUCT = 'product-footer';
const STAMP = `${Date.now()}`;
const NEW_FINE_PRINT = `{baseName} is a service of K1 Mobile, terms revised ${STAMP}.`;
const SHOWN = `is a service of K1 Mobile, terms revised ${STAMP}.`;
const OVERRIDING = 'beavsmobile';
const OWN_FINE_PRINT = 'Beavs Mobile fine print of its own, kept through product changes.';

let stack: StackProcess;
let sanity: Awaited<ReturnType<typeof startSanityUsersStandIn>> | undefined;

const readWorking = () =>
  readFileSync(working, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc);

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  sanity = await startSanityUsersStandIn(EDITOR);
  Object.assign(settings, { SANITY_PROJECT_ID: 'prodpub1', SANITY_API_HOST: sanity.apiHost });
  stack = await startStackProcess(settings, ['--build']);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await sanity?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

/** What a visitor reads: the page's text, whitespace collapsed. */
const text = async (path: string) => {
  const answer = await stack.get(path);
  return { status: answer.status, text: answer.text.replace(/\s+/g, ' ') };
};

function publishLocal(...args: string[]): Promise<{ code: number | null; text: string }> {
  return new Promise((done) => {
    const environment: NodeJS.ProcessEnv = { ...process.env, ...settings };
    for (const name of ['SANITY_WEBHOOK_SECRET', 'SITE', 'PORT']) delete environment[name];
    const child = spawn(
      process.execPath,
      [join(ROOT, 'scripts/local-stack/publish.ts'), ...args, '--site', stack.site],
      { env: environment, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('close', (code) => done({ code, text: output }));
  });
}

describe('publishing one product document with npm run publish:local', () => {
  it('builds once; every school that inherits the field serves the change, the one that overrides it its own; the document ends live', async () => {
    // The live schools, and each one's landing page, as the working copy the stack builds from has them.
    const schools = readWorking().filter(
      (doc) =>
        doc._type === 'school' && !doc._id.includes('.') && (doc.status ?? 'live') === 'live',
    );
    expect(schools.length).toBeGreaterThanOrEqual(5);
    const pages = schools.map((school) => ({
      key: String(school.key),
      path: `/${String(school.seoSlug)}`,
    }));
    for (const { path } of pages) expect((await text(path)).text, path).not.toContain(SHOWN);
    // One school's footer overrides the fine print: in the working copy the next build reads.
    const documents = readWorking().map((doc) =>
      doc._id === `${OVERRIDING}-footer` ? { ...doc, finePrint: OWN_FINE_PRINT } : doc,
    );
    writeFileSync(`${working}.edit`, `${documents.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
    renameSync(`${working}.edit`, working);

    const before = (await stack.localDeploys()).length;
    const published = await publishLocal(PRODUCT, `finePrint=${NEW_FINE_PRINT}`);
    expect(published.code, published.text).toBe(0);
    const rev = /rev ([A-Za-z0-9]{22})/.exec(published.text)![1]!;

    const status = async () => {
      const answer = await stack.get(
        `/api/publish-status?ids=${encodeURIComponent(`${PRODUCT}:${rev}`)}`,
        { authorization: `Bearer ${EDITOR}` },
      );
      return (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> }).documents[
        PRODUCT
      ];
    };
    const badges = await stack.until(status, (now) => now?.state === 'live', 240_000, 'live');
    expect(badges.at(-1)?.state).toBe('live');
    expect(badges.some((now) => now?.state === 'not-live')).toBe(false);

    // Then a while longer: no second build follows the first.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const all = await stack.localDeploys();
    const builds = all.slice(0, all.length - before);
    expect(builds.map((deploy) => deploy.state)).toEqual(['ready']);

    for (const { key, path } of pages) {
      const page = await text(path);
      expect(page.status, path).toBe(200);
      if (key === OVERRIDING) {
        expect(page.text, path).toContain(OWN_FINE_PRINT);
        expect(page.text, path).not.toContain(SHOWN);
      } else {
        expect(page.text, path).toContain(SHOWN);
        expect(page.text, path).not.toContain('{baseName}');
      }
    }
  }, 420_000);
});
