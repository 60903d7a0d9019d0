/**
 * Keystrokes in Presentation, timed in Chromium (part of `npm run bench:preview`): the Studio's
 * stand-in (scripts/dev/studio-host.ts: Sanity's comlink, a loaders channel answering with groq-js
 * over the export) frames a landing page of the preview site; each keystroke is an unsaved title
 * posted as `loader/query-change`, and the time runs from that post to the new text in the page's
 * DOM (a MutationObserver in the frame; both clocks are this machine's). The page's own measures
 * split it: `render` (its post of the result to the page's address, answered with the page's HTML,
 * parsed) and `redraw` (redraw.ts drawing it in place). One keystroke at a time, the page settled
 * between them; the stand-in's own work (running the query) comes before the clock starts.
 */
import { chromium, type Frame } from '@playwright/test';
import { CHROMIUM, type StudioHost } from '../dev/studio-host.ts';

export interface KeystrokeTimes {
  total: number[];
  render: number[];
  redraw: number[];
}

export async function measureKeystrokes(
  host: StudioHost,
  site: string,
  path: string,
  heroId: string,
  count: number,
): Promise<KeystrokeTimes> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await page.goto(host.url(path));
    await page.waitForFunction(
      () =>
        window.studio?.loaderStatuses.includes('connected') &&
        window.studio.changesPosted.length > 0,
      undefined,
      { timeout: 120_000 },
    );
    const frame = page.frames().find((candidate) => candidate.url().startsWith(site)) as Frame;
    await frame.waitForFunction(() => document.getElementById('hero-title') !== null, undefined, {
      timeout: 30_000,
    });
    // The first change (the answer to the page's listen) is drawn before the clock runs.
    await page.waitForTimeout(1_000);
    await frame.evaluate(() => {
      const seen: Record<string, number> = {};
      new MutationObserver(() => {
        const text = document.getElementById('hero-title')?.textContent ?? '';
        seen[text] ??= Date.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      Object.assign(window, { seenTitles: seen });
    });
    const times: KeystrokeTimes = { total: [], render: [], redraw: [] };
    for (let stroke = 1; stroke <= count; stroke += 1) {
      const title = `Keystroke ${stroke} of ${count}: the phone plan that bleeds purple`;
      await page.evaluate(
        ([id, text]) => window.studio.edit(id!, { title: text }),
        [heroId, title],
      );
      const posted = await page.evaluate(() => window.studio.changesPosted.at(-1)!.at);
      await frame.waitForFunction(
        (wanted) =>
          wanted in (window as unknown as { seenTitles: Record<string, number> }).seenTitles,
        title,
        { timeout: 30_000, polling: 20 },
      );
      const seen = await frame.evaluate(
        (wanted) =>
          (window as unknown as { seenTitles: Record<string, number> }).seenTitles[wanted]!,
        title,
      );
      const measured = await frame.evaluate(() =>
        ['preview-render-result', 'preview-redraw-result'].map(
          (name) => performance.getEntriesByName(name).at(-1)?.duration ?? NaN,
        ),
      );
      times.total.push(seen - posted);
      times.render.push(measured[0]!);
      times.redraw.push(measured[1]!);
      await page.waitForTimeout(150);
    }
    return times;
  } finally {
    await browser.close();
  }
}
