/**
 * Keystrokes in Presentation, timed in Chromium (part of `npm run bench:preview`): the Studio's
 * stand-in (scripts/dev/studio-host.ts: Sanity's comlink, a loaders channel answering with groq-js
 * over the export) frames a page of the preview site; each keystroke is an unsaved value of one
 * document posted as `loader/query-change`, and the time runs from that post to the new text in the
 * page's DOM (a MutationObserver in the frame; both clocks are this machine's). Two targets: a
 * school document (its landing header's title) and a product document the school inherits (the fan
 * plans' first description, typed with a {placeholder} and shown with the school's words). The
 * page's own measures split it: `render` (its post of the result to the page's address, answered
 * with the page's HTML, parsed) and `redraw` (redraw.ts drawing it in place). One keystroke at a
 * time, the page settled between them; the stand-in's own work (running the query) comes before
 * the clock starts.
 */
import { chromium, type Frame } from '@playwright/test';
import { CHROMIUM, type StudioHost } from '../dev/studio-host.ts';

export interface KeystrokeTimes {
  total: number[];
  render: number[];
  redraw: number[];
}

/** What is typed where: the page, the document, its fields for one keystroke's text, and where the page shows it. */
export interface KeystrokeTarget {
  path: string;
  documentId: string;
  /** The first element showing the typed text. */
  selector: string;
  /** The document's unsaved fields carrying `text`. */
  fields: (text: string) => Record<string, unknown>;
  /** The text as the page shows it (the school's words in place of placeholders). */
  shown: (text: string) => string;
}

export async function measureKeystrokes(
  host: StudioHost,
  site: string,
  target: KeystrokeTarget,
  count: number,
): Promise<KeystrokeTimes> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await page.goto(host.url(target.path));
    await page.waitForFunction(
      () =>
        window.studio?.loaderStatuses.includes('connected') &&
        window.studio.changesPosted.length > 0,
      undefined,
      { timeout: 120_000 },
    );
    const frame = page.frames().find((candidate) => candidate.url().startsWith(site)) as Frame;
    await frame.waitForFunction(
      (selector) => document.querySelector(selector) !== null,
      target.selector,
      { timeout: 30_000 },
    );
    // The first change (the answer to the page's listen) is drawn before the clock runs.
    await page.waitForTimeout(1_000);
    await frame.evaluate((selector) => {
      const seen: Record<string, number> = {};
      new MutationObserver(() => {
        const text = document.querySelector(selector)?.textContent?.trim() ?? '';
        seen[text] ??= Date.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      Object.assign(window, { seenTexts: seen });
    }, target.selector);
    const times: KeystrokeTimes = { total: [], render: [], redraw: [] };
    for (let stroke = 1; stroke <= count; stroke += 1) {
      const text = `Keystroke ${stroke} of ${count}: the phone plan that bleeds purple`;
      const shown = target.shown(text);
      await page.evaluate(([id, fields]) => window.studio.edit(id, fields), [
        target.documentId,
        target.fields(text),
      ] as const);
      const posted = await page.evaluate(() => window.studio.changesPosted.at(-1)!.at);
      await frame.waitForFunction(
        (wanted) =>
          wanted in (window as unknown as { seenTexts: Record<string, number> }).seenTexts,
        shown,
        { timeout: 30_000, polling: 20 },
      );
      const seen = await frame.evaluate(
        (wanted) => (window as unknown as { seenTexts: Record<string, number> }).seenTexts[wanted]!,
        shown,
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
