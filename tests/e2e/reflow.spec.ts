/**
 * Reflow (WCAG 1.4.10): at 320 CSS px every page type reads without sideways scrolling. Every page
 * of two schools (Husky, whose giveaway is open, so the entry page is there too, and Cubby, a light
 * colour), the pages without a school and the 404 page. The parts that render only near the
 * viewport (content-visibility: auto, which clips what overflows them) are rendered first, so
 * content too wide for them counts as well.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  ADDRESSED_BARE_PAGES,
  SCHOOL_ROUTES,
  schoolPages,
  type BuiltSchool,
} from '../school-pages.ts';
import { SCHOOLS } from './helpers.ts';

const report = JSON.parse(readFileSync('reports/build-report.json', 'utf8')) as {
  schools: BuiltSchool[];
};
const REFLOW_SCHOOLS = [SCHOOLS.husky, SCHOOLS.cubby];
const schoolPagesOf = (seoSlug: string) => {
  const school = report.schools.find((candidate) => candidate.seoSlug === seoSlug);
  if (!school)
    throw new Error(
      `${seoSlug} is not in the build report: build the site before the browser tests`,
    );
  return schoolPages(school);
};
const SCHOOL_PAGES = REFLOW_SCHOOLS.flatMap(schoolPagesOf);
/** A missing asset: the engine answers with the branded 404 page (an unknown page path goes to the main site). */
const MISSING_PAGE = '/_astro/no-such-file.js';
const PAGES = [...SCHOOL_PAGES.map((page) => page.path), ...ADDRESSED_BARE_PAGES, MISSING_PAGE];

test.use({ viewport: { width: 320, height: 640 } });

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

test('the walk covers every route of the route table', () => {
  expect(new Set(SCHOOL_PAGES.map((page) => page.route))).toEqual(
    new Set(SCHOOL_ROUTES.map((route) => route.name)),
  );
});

test.describe('reflow at 320 CSS px', () => {
  for (const path of PAGES) {
    test(`${path}: no sideways scrolling`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(path === MISSING_PAGE ? 404 : 200);
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth, widest } = await sidewaysOverflow(page);
      expect(
        scrollWidth,
        `${path} is ${scrollWidth} px wide at ${innerWidth} px; past the edge: ${widest.join(', ')}`,
      ).toBeLessThanOrEqual(innerWidth);
    });
  }
});
