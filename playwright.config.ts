import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, systemChromium } from './scripts/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4321);
const apiPort = Number(process.env.E2E_API_PORT ?? 8787);
const baseURL = `http://127.0.0.1:${port}`;

// The system Chromium (Debian's headless shell or browser: scripts/support/chromium.ts), unless Playwright's own browser is installed.
if (!process.env.PLAYWRIGHT_BROWSERS_PATH && !systemChromium) {
  throw new Error(
    'No Chromium found: install it with `apt-get install -y chromium chromium-headless-shell` (expected at /usr/bin/chromium-headless-shell or /usr/bin/chromium).',
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e-results.json' }]],
  use: {
    baseURL,
    // A trace records every action of a test (snapshots, screencast frames): in CI only the retry
    // of a failed test records one, so passing tests do not pay for it on a 2-core machine.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  // Every test runs at desktop width; the ones whose outcome depends on the width (layout, the
  // phone menu and carousels, axe and the launch review of every page) are tagged @phone and run
  // at phone width too; those tagged @phone-only (reflow from the phone layout) run at phone width
  // only. Tests that set their own widths (1024 px and the like) run once.
  projects: [
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: {
    // The built site must exist (npm test builds first); this only serves it with the local API.
    command: `node scripts/local-stack/start.ts`,
    url: `${baseURL}/search`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      SITE_URL: process.env.SITE_URL ?? 'http://localhost:4321',
    },
  },
});
