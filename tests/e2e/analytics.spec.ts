/**
 * Analytics (docs/behaviour.md §7, §9). With a write key: the analytics settings are build-time settings, so
 * this needs its own build; it builds one school (not the whole site again) with the analytics host
 * pointed at a local collector, and a visit plus clicks must arrive there as batches holding the
 * page view and the exact event names, retried on 5xx and 429. Without a key (the normal build):
 * no request leaves the page at all.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { startSiteServer } from '../../scripts/local-stack/site/server.ts';
import type { RunningServer } from '../../scripts/local-stack/listen.ts';
import { startCollector } from './analytics-collector.ts';
import { withBuildLock } from '../../scripts/lib/build-lock.ts';
import { oneSchoolDocuments, writeDataset } from '../fixtures/one-school/dataset.ts';
import { SCHOOLS } from './helpers.ts';

const school = SCHOOLS.cubby;
const SCHOOL_KEY = 'cubbymobile';
const WRITE_KEY = 'e2e-write-key';

/** Keeps every link click on the page (the analytics click still happens). */
async function stayOnPage(page: Page) {
  await page.evaluate(() =>
    window.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest('a')) event.preventDefault();
      },
      true,
    ),
  );
}

test.describe('with a write key', () => {
  test.describe.configure({ mode: 'serial' });
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let site: RunningServer;
  let work: string;
  let outDir: string;

  test.beforeAll(async ({}, info) => {
    test.skip(
      info.project.name !== 'desktop',
      'analytics does not depend on the width: one build, one project',
    );
    test.setTimeout(300_000);
    collector = await startCollector();
    work = mkdtempSync(join(tmpdir(), 'analytics-e2e-'));
    outDir = join(work, 'dist');
    const dataset = writeDataset(join(work, 'dataset'), oneSchoolDocuments(SCHOOL_KEY));
    await withBuildLock(() =>
      promisify(execFile)(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
        env: {
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: '1',
          CONTENT_SOURCE: 'local',
          CONTENT_DATASET_DIR: dataset,
          PUBLIC_SEGMENT_WRITE_KEY: WRITE_KEY,
          PUBLIC_SEGMENT_API_HOST: collector.apiHost,
          BUILD_OUT_DIR: outDir,
          BUILD_REPORT_FILE: join(outDir, 'build-report.json'),
        },
        maxBuffer: 64 * 1024 * 1024,
      }),
    );
    site = await startSiteServer({
      port: 0,
      distDir: outDir,
      netlifyToml: 'netlify.toml',
      log: () => {},
    });
  });

  test.afterAll(async () => {
    await site?.close();
    await collector?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test.beforeEach(() => collector.reset());

  test('a visit and clicks arrive as batches with the page view and the exact event names; a 501 is retried', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    collector.replyWith([{ status: 501 }]); // the library drops 501 unless told otherwise
    await page.goto(`${site.url}/${school}`);
    await stayOnPage(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.keyboard.press('Escape');
    const faqs = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faqs.getByRole('group').locator('summary');
    await questions.nth(0).click(); // opens: faq1expand
    await questions.nth(0).click(); // closes: nothing
    await questions.nth(2).click(); // opens: faq3expand
    await faqs.getByRole('link', { name: /^See more FAQs/ }).click();
    await faqs.getByRole('link', { name: /^Contact support/ }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'instagram' }).click();
    await page.locator('footer').getByRole('link', { name: 'Fan Plans' }).click();

    await expect.poll(() => collector.accepted().length, { timeout: 40_000 }).toBe(8);
    const events = collector.accepted();
    const pageView = events.find((event) => event.type === 'page');
    expect(pageView).toMatchObject({
      name: 'Landing page',
      properties: { path: `/${school}`, pageName: 'Landing page' },
    });
    expect(Date.parse(String(pageView?.properties.timestamp))).not.toBeNaN();
    const tracked = events
      .filter((event) => event.type === 'track')
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    expect(tracked.map((event) => event.event)).toEqual([
      'header.signin',
      'landingpage.faq1expand',
      'landingpage.faq3expand',
      'landingpage.seemorefaqs',
      'landingpage.visitsupport',
      'footer.instagram',
      'footer.fan plans',
    ]);
    expect(tracked.every((event) => event.properties.pageName === 'Landing page')).toBe(true);

    // The first attempt got 501; the same events came again, marked as a retry.
    const [failed, ...later] = collector.batches;
    expect(failed?.status).toBe(501);
    const retried = later.find((batch) => batch.headers['x-retry-count']);
    expect(retried?.body.batch.map((e) => e.messageId)).toEqual(
      expect.arrayContaining(failed!.body.batch.map((e) => e.messageId)),
    );
    expect(failed?.body.writeKey).toBe(WRITE_KEY);
    expect(failed?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${WRITE_KEY}:`).toString('base64')}`,
    );
    expect(collector.others).toEqual([]);
  });

  test('ten events go at once in one batch; fewer wait for the 5 s flush', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${site.url}/${school}`);
    await stayOnPage(page);
    const footerLinks = page.locator('footer nav a[data-analytics]');
    // Eleven clicks in one go (with the page view: 12 events), well inside one 5 s window.
    await footerLinks.evaluateAll((links) =>
      links.slice(0, 11).forEach((link) => (link as HTMLElement).click()),
    );

    await expect.poll(() => collector.accepted().length, { timeout: 30_000 }).toBe(12);
    expect(collector.batches.map((batch) => batch.body.batch.length)).toEqual([10, 2]);

    const clickedAt = Date.now();
    await footerLinks.nth(0).click();
    await expect.poll(() => collector.accepted().length, { timeout: 30_000 }).toBe(13);
    expect(collector.batches.at(-1)!.at - clickedAt).toBeGreaterThanOrEqual(4500);
  });

  test('a 429 is retried after the Retry-After time; other pages send their page-name label', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    collector.replyWith([{ status: 429, headers: { 'retry-after': '2' } }]);
    await page.goto(`${site.url}/search`);
    await expect.poll(() => collector.accepted().length, { timeout: 40_000 }).toBe(1);
    const [limited, retry] = collector.batches;
    expect(limited?.status).toBe(429);
    expect(retry!.at - limited!.at).toBeGreaterThanOrEqual(1900);
    expect(collector.accepted()[0]).toMatchObject({
      type: 'page',
      name: 'Generic Page',
      properties: { path: '/search', pageName: 'Generic Page' },
    });
  });
});

test.describe('without a write key', () => {
  test('no analytics code on the page and no request leaves it', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const origin = new URL(baseURL!).origin;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));

    await page.goto(`/${school}`);
    await stayOnPage(page);
    await expect(page.locator('meta[name="analytics-write-key"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.keyboard.press('Escape');
    const faqs = page.getByRole('region', { name: 'Frequently asked questions' });
    await faqs.getByRole('group').locator('summary').first().click();
    await faqs.getByRole('link', { name: /^See more FAQs/ }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'instagram' }).click();
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(7000); // longer than idle + the 5 s flush

    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(requests.filter((url) => /analytics|segment/i.test(url))).toEqual([]);
  });
});
