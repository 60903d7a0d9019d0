/**
 * The system's Chromium for every test and bench that drives a browser (playwright.config.ts, the
 * Presentation and Studio tests, the benches): Debian's headless shell when it is installed, as
 * Playwright itself runs headless Chromium (its `chromium-headless-shell`, the same engine without
 * the desktop browser's window machinery: measured here, half the wall time and under half the
 * CPU of the full browser on the same pages), else the full browser. `scripts/test.sh` installs
 * both (`apt-get install chromium chromium-headless-shell`).
 */
import { existsSync } from 'node:fs';

/** Where Debian puts them, the headless shell first. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

/** The first of them that is installed, if any. */
export const systemChromium: string | undefined = SYSTEM_CHROMIUM_PATHS.find((path) =>
  existsSync(path),
);

/** The flags every launch uses: no sandbox (a container's root), no GPU, nothing fetched from the network by the browser itself. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright's launch options for the system's Chromium. */
export const CHROMIUM = { executablePath: systemChromium, args: CHROMIUM_ARGS };
