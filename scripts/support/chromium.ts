/**
 * The system's Chromium for every test that drives a browser (playwright.config.ts, the
 * Presentation and Studio tests) and the benches that drive pages: Debian's headless shell when it
 * is installed, as Playwright itself runs headless Chromium (its `chromium-headless-shell`, the
 * same engine without the desktop browser's window machinery: measured here, half the wall time
 * and under half the CPU of the full browser on the same pages), else the full browser. The
 * benches that time the browser's own rendering (Lighthouse, search keystrokes, layout cost) keep
 * the full browser (`fullChromium`), so their figures compare with the ones before.
 * `scripts/test.sh` installs both (`apt-get install chromium chromium-headless-shell`).
 */
import { existsSync } from 'node:fs';

/** Where Debian puts the full browser. */
const FULL_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The full browser, if installed. */
export const fullChromium: string | undefined = FULL_CHROMIUM_PATHS.find((path) =>
  existsSync(path),
);

/** The headless shell if installed, else the full browser, if any. */
export const systemChromium: string | undefined = [
  '/usr/bin/chromium-headless-shell',
  ...FULL_CHROMIUM_PATHS,
].find((path) => existsSync(path));

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
