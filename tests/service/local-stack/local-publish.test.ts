/**
 * `npm start` and `npm run publish:local` as the README runs them, on the tracked dataset: the
 * stack builds from its working copy (DATA_DIR/dataset) and a local publish changes what is served
 * while src/dataset stays as it is. A release of 30 documents published at once (one webhook per
 * document, all at once, as Sanity delivers them) becomes at most 2 builds, and every document
 * goes live; the bundled scheduled draft publishes Husky Mobile's landing page; a release that
 * unpublishes a school's override leaves no page showing it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDatasetDir } from '../../../scripts/local-stack/working-dataset.ts';
import type { LocalDeploy } from '../../../scripts/local-stack/netlify/deploys.ts';
import type { DocumentStatus } from '../../../src/lib/publish-records/status-answers.ts';
import {
  indexProducts,
  isProductId,
  resolveSchoolDocuments,
  schoolWords,
} from '../../../src/lib/content/inheritance/index.ts';
import {
  ROOT,
  startSanityUsersStandIn,
  startStackProcess,
  type StackProcess,
} from './stack-process.ts';

const TRACKED = join(ROOT, 'src/dataset/data.ndjson');
const work = mkdtempSync(join(tmpdir(), 'local-publish-'));
const dataDir = join(work, 'data');
const working = join(workingDatasetDir(dataDir), 'data.ndjson');
// Inside the project: Astro moves its output there with rename.
const deploysDir = join(ROOT, '.netlify', 'tests', 'local-publish');
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const trackedBefore = digest(TRACKED);

type Doc = Record<string, unknown> & { _id: string; _type: string };
// CONTENT_DATASET_DIR is the default, the tracked dataset, named so that no setting of the caller's applies.
const settings: Record<string, string> = {
  DATA_DIR: dataDir,
  DIST_DIR: join(work, 'dist'),
  DEPLOYS_DIR: deploysDir,
  SANITY_STUDIO_URL: 'http://localhost:3333',
  CONTENT_DATASET_DIR: join(ROOT, 'src/dataset'),
};
/** The badges ask as an editor: a member of the project with the Editor role, by a stand-in for Sanity's /users/me. */
const EDITOR = 'local-publish-editor-token';
const asEditor = { authorization: `Bearer ${EDITOR}` };

let stack: StackProcess;
let site = '';
let sanity: Awaited<ReturnType<typeof startSanityUsersStandIn>> | undefined;

beforeAll(async () => {
  rmSync(deploysDir, { recursive: true, force: true });
  sanity = await startSanityUsersStandIn(EDITOR);
  Object.assign(settings, { SANITY_PROJECT_ID: 'localpub1', SANITY_API_HOST: sanity.apiHost });
  // `npm start`: the working copy made from src/dataset, dist/ built from it, then served.
  stack = await startStackProcess(settings, ['--build']);
  site = stack.site;
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await sanity?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(deploysDir, { recursive: true, force: true });
});

const page = async (path: string) => (await stack.get(path)).text;

/** `npm run publish:local -- …` against this stack, with its DATA_DIR: exit code and output. */
function publishLocal(...args: string[]): Promise<{ code: number | null; text: string }> {
  return new Promise((done) => {
    const environment: NodeJS.ProcessEnv = { ...process.env, ...settings };
    for (const name of ['SANITY_WEBHOOK_SECRET', 'SITE', 'PORT']) delete environment[name];
    const child = spawn(
      process.execPath,
      [join(ROOT, 'scripts/local-stack/publish.ts'), ...args, '--site', site],
      { env: environment, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    child.once('close', (code) => done({ code, text }));
  });
}

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  label: string,
): Promise<T> {
  return (await stack.until(read, done, timeoutMs, label)).at(-1)!;
}

/** The documents' statuses as the Studio's badge asks for them (as an editor). */
async function statuses(questions: string[]): Promise<Record<string, DocumentStatus>> {
  const answer = await stack.get(
    `/api/publish-status?ids=${encodeURIComponent(questions.join(','))}`,
    asEditor,
  );
  return (JSON.parse(answer.text) as { documents: Record<string, DocumentStatus> }).documents;
}

const localDeploys = () => stack.localDeploys();

const readWorking = () =>
  readFileSync(working, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc);

/** The text field a release changes in each document type (one that every such document has and a page shows). */
const SHOWN_FIELDS = [
  'title',
  'header',
  'thanksHeader',
  'endedHeader',
  'capitalHeader',
  'questionHeader',
  'winHeader',
  'pageColumnTitle',
  'signInButtonText',
];

describe('npm start and npm run publish:local on the tracked dataset', () => {
  it('builds from the working copy, serves a local publish, and leaves src/dataset as it was', async () => {
    expect(stack.output()).toContain(
      `Content:   ${workingDatasetDir(dataDir)}  (a new working copy of ${join(ROOT, 'src/dataset')}`,
    );
    const title = `Why Husky Mobile, published locally at ${Date.now()}`;
    const published = await publishLocal('huskymobile-whyHero', `title=${title}`);
    expect(published.code, published.text).toBe(0);
    expect(published.text).toContain(`written to ${working}`);
    await until(
      () => page('/uw-husky-mobile/why'),
      (html) => html.includes(title),
      120_000,
      'the published title served',
    );
    expect(readWorking().find((doc) => doc._id === 'huskymobile-whyHero')?.title).toBe(title);
    expect(digest(TRACKED)).toBe(trackedBefore);
  }, 180_000);

  it('a release of 30 documents published at once: at most 2 builds, every document live', async () => {
    const documents = readWorking();
    const inReleases = new Set(
      documents
        .filter((doc) => doc._id.startsWith('versions.'))
        .map((doc) => doc._id.split('.').slice(2).join('.')),
    );
    const husky = documents.filter(
      (doc) =>
        (doc.school as { _ref?: string } | undefined)?._ref === 'school-huskymobile' &&
        !doc._id.includes('.') &&
        !inReleases.has(doc._id),
    );
    // What each document shows, its own words or the product's it inherits: the release rewrites
    // a shown field of each (for an inherited one, an override for this school).
    const school = documents.find((doc) => doc._id === 'school-huskymobile')!;
    const products = indexProducts(
      documents.filter((doc) => isProductId(doc._id) && !doc._id.includes('.')),
    );
    const shown = new Map(
      resolveSchoolDocuments(school, schoolWords(school), husky, products).documents.map(
        (doc) => [String(doc._id), doc] as const,
      ),
    );
    const chosen = husky
      .flatMap((doc) => {
        const resolved = shown.get(doc._id) ?? doc;
        const field = SHOWN_FIELDS.find((name) => typeof resolved[name] === 'string');
        return field ? [{ doc, field, text: String(resolved[field]) }] : [];
      })
      .slice(0, 30);
    expect(chosen).toHaveLength(30);
    // An editor prepares the release in the Studio: its document and a version of each document.
    const release = {
      _id: '_.releases.rSpring30',
      _type: 'system.release',
      name: 'rSpring30',
      state: 'active',
      metadata: { title: 'Spring prices', releaseType: 'asap' },
    };
    const versions = chosen.map(({ doc, field, text }) => ({
      ...doc,
      _id: `versions.rSpring30.${doc._id}`,
      [field]: `${text} (spring)`,
    }));
    writeFileSync(
      `${working}.edit`,
      `${[...documents, release, ...versions].map((doc) => JSON.stringify(doc)).join('\n')}\n`,
    );
    renameSync(`${working}.edit`, working);

    const before = (await localDeploys()).length;
    const published = await publishLocal('--release', 'rSpring30');
    expect(published.code, published.text).toBe(0);
    const rev = /rev ([A-Za-z0-9]{22})/.exec(published.text)![1]!;
    expect(published.text.match(/webhook 202/g)).toHaveLength(30);

    const questions = chosen.map(({ doc }) => `${doc._id}:${rev}`);
    // The badges' states, polled until every build the publish caused has finished and all 30 are
    // live: each poll summed up ("live 29, publishing 1"), repeats dropped.
    const timeline: string[] = [];
    const summary = (now: Record<string, DocumentStatus>) => {
      const counts = new Map<string, number>();
      for (const status of Object.values(now))
        counts.set(status.state, (counts.get(status.state) ?? 0) + 1);
      return [...counts]
        .map(([state, count]) => `${state} ${count}`)
        .sort()
        .join(', ');
    };
    let builds: LocalDeploy[] = [];
    const final = await until(
      async () => {
        const now = await statuses(questions);
        if (timeline.at(-1) !== summary(now)) timeline.push(summary(now));
        const all = await localDeploys();
        builds = all.slice(0, all.length - before);
        return {
          now,
          finished:
            builds.length > 0 &&
            builds.every((deploy) => deploy.state === 'ready' || deploy.state === 'error'),
        };
      },
      ({ now, finished }) =>
        finished &&
        Object.values(now).length === 30 &&
        Object.values(now).every((status) => status.state === 'live'),
      300_000,
      'all 30 documents live, every build finished',
    );
    console.log(
      `[local-publish] 30-document release: ${builds.length} build(s) (${builds.map((deploy) => `${deploy.title}: ${deploy.state}, built in ${((deploy.buildMs ?? 0) / 1000).toFixed(1)} s`).join('; ')}); badges ${timeline.join(' → ')}`,
    );
    expect(timeline.some((step) => step.includes('not-live'))).toBe(false);
    expect(builds.length).toBeGreaterThanOrEqual(1);
    expect(builds.length).toBeLessThanOrEqual(2);
    for (const deploy of builds) expect(deploy.state).toBe('ready');
    expect(new Set(Object.values(final.now).map((status) => status.state))).toEqual(
      new Set(['live']),
    );
    // What the pages show is the release's text.
    const hero = chosen.find(({ doc }) => doc._id === 'huskymobile-whyHero');
    if (hero) expect(await page('/uw-husky-mobile/why')).toContain(`${hero.text} (spring)`);
    expect(digest(TRACKED)).toBe(trackedBefore);
  }, 420_000);

  it('the bundled scheduled draft publishes: the landing page shows it, the document is live, src/dataset is unchanged', async () => {
    expect(await page('/uw-husky-mobile')).not.toContain('Spring signing day');
    const published = await publishLocal('--release', 'rHuskyL27');
    expect(published.code, published.text).toBe(0);
    expect(published.text).toContain('huskymobile-landingHeader (landingHeader): webhook 202');
    const rev = /rev ([A-Za-z0-9]{22})/.exec(published.text)![1]!;
    await until(
      () => statuses([`huskymobile-landingHeader:${rev}`]),
      (now) => now['huskymobile-landingHeader']?.state === 'live',
      180_000,
      'the scheduled draft live',
    );
    expect(await page('/uw-husky-mobile')).toContain('Spring signing day: your first month on us');
    const release = readWorking().find((doc) => doc._id === '_.releases.rHuskyL27');
    expect(release).toMatchObject({
      state: 'published',
      finalDocumentStates: [{ id: 'huskymobile-landingHeader' }],
    });
    expect(readWorking().some((doc) => doc._id.startsWith('versions.rHuskyL27.'))).toBe(false);
    expect(digest(TRACKED)).toBe(trackedBefore);
  }, 240_000);

  it("a release that unpublishes a school's override: once built, no page shows it, and the school shows the product's again", async () => {
    // The product's words, which every school inherits, and Husky Mobile's own in their place.
    const inherited = 'Run out with the team on game day';
    const experience = 'Husky game days, from the tunnel to the field';
    const plans = '/uw-husky-mobile/fan';
    expect(await page(plans)).toContain(inherited);
    const documents = readWorking().map((doc) =>
      doc._id === 'huskymobile-giveawaysBanner' ? { ...doc, experienceHeader: experience } : doc,
    );
    const banner = documents.find((doc) => doc._id === 'huskymobile-giveawaysBanner')!;
    // The Studio's "unpublish when releasing": a version of the document marked for deletion.
    const release = {
      _id: '_.releases.rRemove01',
      _type: 'system.release',
      name: 'rRemove01',
      state: 'active',
      metadata: { title: 'Retire the banner', releaseType: 'asap' },
    };
    const marker = {
      ...banner,
      _id: 'versions.rRemove01.huskymobile-giveawaysBanner',
      _system: { delete: true },
    };
    writeFileSync(
      `${working}.edit`,
      `${[...documents, release, marker].map((doc) => JSON.stringify(doc)).join('\n')}\n`,
    );
    renameSync(`${working}.edit`, working);
    const before = (await localDeploys()).length;
    const published = await publishLocal('--release', 'rRemove01');
    expect(published.code, published.text).toBe(0);
    expect(published.text).toContain(
      'huskymobile-giveawaysBanner (giveawaysBanner) deleted: webhook 202',
    );
    expect(readWorking().some((doc) => doc._id === 'huskymobile-giveawaysBanner')).toBe(false);
    const deploys = await until(
      localDeploys,
      (all) =>
        all.length > before &&
        all
          .slice(0, all.length - before)
          .every((deploy) => deploy.state === 'ready' || deploy.state === 'error'),
      180_000,
      'the release built',
    );
    expect(deploys.slice(0, deploys.length - before).map((deploy) => deploy.state)).toEqual([
      'ready',
    ]);
    // Had the release left the override in the dataset the build reads, the pages would show it.
    for (const path of [plans, '/uw-husky-mobile/student', '/uw-husky-mobile/faculty']) {
      const html = await page(path);
      expect(html, path).not.toContain(experience);
      expect(html, path).toContain(inherited);
    }
    expect(digest(TRACKED)).toBe(trackedBefore);
  }, 240_000);
});
