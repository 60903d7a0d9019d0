/**
 * Every page, visited once at each width: every page type of every bundled school (from the route
 * table), the pages without a school and the branded 404 page a missing asset gets, served by the
 * local stack, each opened once at phone width (390 px) and once at desktop width (1280 px). Every
 * check is a test of its own on that one visit:
 *
 * - the launch review: the page answers (200, or 404 for the missing asset) with no console error
 *   and no failed same-site request while it loads and settles (scrolled to the end, so lazy images
 *   and islands below the fold load too), an icon that loads, no sideways scrolling;
 * - the accessibility gate: axe over every page type of a dark-coloured school (Husky), a light one
 *   (Cubby) and the one whose tenant record has no colour (Bears), with a plan card's broadband facts
 *   open on the plan pages, and over the pages without a school and the 404 page. Zero violations;
 * - the CSP walk (at desktop width): HSTS and exactly one policy on the response, and no
 *   `securitypolicyviolation` while the page loads, settles and is used (the sign-in dialog, the
 *   FAQ, the carousels at phone width, a plan card's broadband facts, the search box);
 * - reflow (WCAG 1.4.10, at phone width): narrowed to 320 CSS px, the page reads without sideways
 *   scrolling; the parts that render only near the viewport (content-visibility: auto, which clips
 *   what overflows them) are rendered first, so content too wide for them counts as well.
 *
 * A page's checks run in order in one worker, on the page the group opened (`mode: 'default'`, not
 * 'serial'): a check that fails ends its worker, so each later check gets a fresh visit of its own
 * and still passes or fails by itself; a retry visits again too.
 */
import {
  expect,
  test,
  type Browser,
  type Page,
  type Response,
  type WorkerInfo,
} from '@playwright/test';
import { readFileSync } from 'node:fs';
import { axeViolations } from './axe.ts';
import { expectOnePolicy, watchViolations } from './csp.ts';
import { ALL_SCHOOLS, SCHOOLS, factsToggles, planCardsReady } from './helpers.ts';
import {
  ADDRESSED_BARE_PAGES,
  SCHOOL_ROUTES,
  schoolPages,
  type BuiltSchool,
} from '../school-pages.ts';

const report = JSON.parse(readFileSync('reports/build-report.json', 'utf8')) as {
  schools: BuiltSchool[];
};

/** Every page of a school, from the route table (the entry page while its giveaway is open). */
function pagesOf(seo: string) {
  const school = report.schools.find((candidate) => candidate.seoSlug === seo);
  if (!school)
    throw new Error(`${seo} is not in the build report: build the site before the browser tests`);
  return schoolPages(school);
}

/** A missing asset: the engine answers with the branded 404 page (an unknown page path goes to the main site). */
const MISSING_ASSET = '/_astro/no-such-file.js';
const SCHOOL_PAGES = ALL_SCHOOLS.flatMap(pagesOf);
const PAGES = [...SCHOOL_PAGES.map((page) => page.path), ...ADDRESSED_BARE_PAGES, MISSING_ASSET];
const AXE_SCHOOLS: readonly string[] = [SCHOOLS.husky, SCHOOLS.cubby, SCHOOLS.bears];
const PLAN_PAGE = /\/(student|faculty|fan)$/;
/** axe runs on the pages without a school, the 404 page and every page of the three colour cases. */
const checksAxe = (path: string) =>
  ADDRESSED_BARE_PAGES.includes(path) ||
  path === MISSING_ASSET ||
  AXE_SCHOOLS.some((seo) => path === `/${seo}` || path.startsWith(`/${seo}/`));

interface Visit {
  page: Page;
  response: Response | null;
  /** Console errors, page errors and failed same-site requests while the page loaded and settled. */
  problems: string[];
  /** The CSP violations the page reported so far. */
  violations: () => Promise<string[]>;
}

/** A page in a context of its own with the project's settings (width, touch, user agent, address). */
async function projectPage(browser: Browser, info: WorkerInfo): Promise<Page> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, screen } =
    info.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    screen,
  });
  return context.newPage();
}

/** Opens the page, and lets it load and settle, scrolled to the end, while watching for problems. */
async function visit(
  browser: Browser,
  info: WorkerInfo,
  path: string,
  status: number,
): Promise<Visit> {
  const page = await projectPage(browser, info);
  const violations = await watchViolations(page);
  const problems: string[] = [];
  const address = new URL(path, info.project.use.baseURL).href;
  // The page's own status is its first check's, so the 404 page's own answer (which Chromium also
  // logs as an error) is not a problem; any other same-site answer of 400 or more is.
  const ownAnswer = (url: string) => url === address;
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !(
        status === 404 &&
        ownAnswer(message.location().url) &&
        /^Failed to load resource: the server responded with a status of 404\b/.test(message.text())
      )
    )
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (ownAnswer(response.url()) && response.request().isNavigationRequest()) return;
    if (
      response.status() >= 400 &&
      response.url().startsWith(new URL(page.url() || address).origin)
    )
      problems.push(`${response.status()} ${response.url()}`);
  });
  const response = await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  return { page, response, problems: [...problems], violations };
}

/** How far the page reaches past the viewport's right edge, every part rendered, once scrolled to the end. */
async function sidewaysOverflow(
  page: Page,
): Promise<{ scrollWidth: number; innerWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto')
        element.style.contentVisibility = 'visible';
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth)
      return { scrollWidth, innerWidth: window.innerWidth, widest: [] };
    // For the message: what reaches past the edge and is not clipped by a part it sits in.
    const clipped = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const widest = [...document.body.querySelectorAll('*')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(element),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.localName}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth, innerWidth: window.innerWidth, widest };
  });
}

/** What a visitor does on the page for the CSP walk: each use that can run a script or load a file. */
async function use(page: Page, path: string): Promise<void> {
  if (PLAN_PAGE.test(path)) {
    await planCardsReady(page);
    // The accessibility check may have opened it already.
    const facts = factsToggles(page).first();
    if ((await facts.getAttribute('aria-expanded')) !== 'true') await facts.click();
    await expect(facts).toHaveAttribute('aria-expanded', 'true');
  }
  if (ALL_SCHOOLS.some((school) => path === `/${school}`)) {
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('region', { name: 'Frequently asked questions' })
      .getByRole('group')
      .first()
      .locator('summary')
      .click();
    // The carousels at phone width: swipe rows with dots.
    const width = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    const perks = page.getByRole('region', { name: 'Perks' });
    await perks.and(page.locator('[data-ready]')).waitFor();
    await perks.scrollIntoViewIfNeeded();
    await perks.getByRole('button', { name: /\(3 of 5\)/ }).click();
    await expect(perks.getByRole('button', { name: /\(3 of 5\)/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    if (width) await page.setViewportSize(width);
  }
  if (path === '/search') await page.getByRole('searchbox', { name: 'School name' }).fill('wash');
}

test('the walk covers every route of the route table', () => {
  expect(new Set(SCHOOL_PAGES.map((page) => page.route))).toEqual(
    new Set(SCHOOL_ROUTES.map((route) => route.name)),
  );
});

test.describe('every page', () => {
  // axe walks every node of a page; on a shared 2-core machine that can take a while (a ceiling, not a speed check).
  test.describe.configure({ timeout: 120_000 });
  for (const path of PAGES) {
    test.describe(path, () => {
      test.describe.configure({ mode: 'default' });
      const status = path === MISSING_ASSET ? 404 : 200;
      let seen: Visit | undefined;
      test.beforeAll(async ({ browser }, info) => {
        seen = await visit(browser, info, path, status);
      });
      test.afterAll(async () => {
        await seen?.page.context().close();
      });
      const opened = () => {
        if (!seen) throw new Error(`${path} was not visited`);
        return seen;
      };

      test(
        `${path}: answers ${status}, with no console error or failed request while it loads and settles`,
        { tag: '@phone' },
        () => {
          const { response, problems } = opened();
          expect(response?.status(), path).toBe(status);
          expect(problems).toEqual([]);
        },
      );

      test(`${path}: an icon that loads`, { tag: '@phone' }, async () => {
        const { page } = opened();
        const icon = await page.locator('link[rel="icon"]').getAttribute('href');
        expect(icon, 'the page declares an icon').toBeTruthy();
        const iconResponse = await page.request.get(new URL(icon!, page.url()).toString(), {
          maxRedirects: 0,
        });
        expect(iconResponse.status()).toBe(200);
        expect(iconResponse.headers()['content-type']).toMatch(/^image\//);
      });

      test(`${path}: no sideways scroll`, { tag: '@phone' }, async () => {
        const overflow = await opened().page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
      });

      if (checksAxe(path))
        test(`${path}: no axe violations`, { tag: '@phone' }, async () => {
          const { page } = opened();
          await page.emulateMedia({ reducedMotion: 'reduce' });
          if (PLAN_PAGE.test(path)) {
            await planCardsReady(page);
            await factsToggles(page).first().click();
          }
          expect(await axeViolations(page)).toEqual([]);
        });

      // Desktop only (no @phone tag): the walk resizes to phone width itself for the carousels.
      test(`${path}: HSTS and one policy, and no CSP violation while it loads, settles and is used`, async () => {
        const { page, response, violations } = opened();
        expectOnePolicy(response, path);
        await use(page, path);
        expect(await violations()).toEqual([]);
      });

      // Phone only: the phone layout, narrowed to 320 CSS px.
      test(
        `${path}: no sideways scrolling at 320 CSS px (reflow)`,
        { tag: '@phone-only' },
        async () => {
          const { page } = opened();
          await page.setViewportSize({ width: 320, height: 640 });
          // Resize listeners run before the next frame.
          await page.evaluate(
            () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
          );
          const { scrollWidth, innerWidth, widest } = await sidewaysOverflow(page);
          expect(
            scrollWidth,
            `${path} is ${scrollWidth} px wide at ${innerWidth} px; past the edge: ${widest.join(', ')}`,
          ).toBeLessThanOrEqual(innerWidth);
        },
      );
    });
  }
});
