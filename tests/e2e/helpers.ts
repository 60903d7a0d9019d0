/** Shared e2e helpers: the seed schools and waiting for islands to hydrate. */
import type { Locator, Page } from '@playwright/test';

export const SCHOOLS = {
  husky: 'uw-husky-mobile',
  beavs: 'osu-beavs-mobile',
  bears: 'cal-bears-mobile',
  cubby: 'cubbymobile',
  kentucky: 'uk-kentucky-mobile',
  utes: 'utah-ute-mobile',
} as const;

export const ALL_SCHOOLS = Object.values(SCHOOLS);

/** Scrolls an island into view and waits until Astro has hydrated it (its `ssr` attribute is gone). */
export async function hydrated(page: Page, island: Locator): Promise<Locator> {
  await island.scrollIntoViewIfNeeded();
  await island
    .locator('xpath=ancestor-or-self::astro-island[1]')
    .and(page.locator('astro-island:not([ssr])'))
    .waitFor();
  return island;
}

/** Waits until the plan cards' toggle script has run (it marks the group `data-ready`). */
export async function planCardsReady(page: Page): Promise<Locator> {
  const group = page.locator('[data-plan-group]');
  await group.and(page.locator('[data-ready]')).waitFor({ state: 'attached' });
  return group;
}

/** A plan card's broadband facts toggle: a button named "{toggle text} for {plan label}". */
export const factsToggles = (scope: Page | Locator) =>
  scope.getByRole('button', { name: /^Broadband Facts for / });

/** The plan cards: the articles that carry a facts toggle (the facts label inside a panel is an article too). */
export const planCards = (page: Page) =>
  page.getByRole('article').filter({ has: factsToggles(page) });

/** The facts panels a visitor can see (a closed panel is hidden, so it has no role to find). */
export const openFactsPanels = (page: Page) =>
  page.getByRole('region', { name: /^Broadband Facts: / });

/** The local API the e2e stack runs (playwright.config.ts starts it on E2E_API_PORT). */
export const API_BASE = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8787}`;

/** Where that local API keeps its SQLite file (playwright.config.ts passes the same folder). */
export const DATA_DIR = process.env.E2E_DATA_DIR ?? 'data/e2e';
