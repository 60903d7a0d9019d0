// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({
  load: [] as unknown[][],
  page: [] as unknown[][],
  track: [] as unknown[][],
}));
vi.mock('@segment/analytics-next', () => ({
  AnalyticsBrowser: {
    load: (...args: unknown[]) => {
      calls.load.push(args);
      return {
        page: (...a: unknown[]) => calls.page.push(a),
        track: (...a: unknown[]) => calls.track.push(a),
      };
    },
  },
}));

async function start(metaTags: string) {
  document.head.innerHTML = metaTags;
  document.documentElement.dataset.pageName = 'Landing page';
  document.body.innerHTML = `
    <button id="signin" data-analytics="header.signin"><svg><path id="icon"/></svg></button>
    <details id="faq" data-analytics-expand="landingpage.faq1expand"><summary id="q">Q</summary>A</details>
    <p id="plain">text</p>`;
  vi.resetModules();
  const { startAnalytics } = await import('../../../src/lib/analytics/loader.client.ts');
  startAnalytics();
}

/** Lets the idle callback run and the dynamic import settle. */
async function idle() {
  await vi.advanceTimersByTimeAsync(5000);
  await vi.dynamicImportSettled();
}

describe('analytics loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    calls.load.length = calls.page.length = calls.track.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('does nothing at all without a write key', async () => {
    await start('');
    document.getElementById('signin')!.click();
    await idle();
    expect(calls.load).toEqual([]);
    expect(calls.track).toEqual([]);
  });

  it('loads only once idle, then sends the page view and the clicks made before and after', async () => {
    await start(
      '<meta name="analytics-write-key" content="k1"><meta name="analytics-api-host" content="http://127.0.0.1:9/v1">',
    );
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('plain')!.click();
    expect(calls.load).toEqual([]);

    await idle();
    expect(calls.load).toHaveLength(1);
    expect(calls.load[0]![0]).toMatchObject({ writeKey: 'k1' });
    expect(calls.page).toHaveLength(1);
    expect(calls.page[0]![0]).toBe('Landing page');
    expect(calls.page[0]![1]).toMatchObject({ path: '/', pageName: 'Landing page' });
    expect(typeof (calls.page[0]![1] as { timestamp: string }).timestamp).toBe('string');

    const details = document.getElementById('faq') as HTMLDetailsElement;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    details.open = false;
    details.dispatchEvent(new Event('toggle'));
    expect(calls.track.map((call) => call[0])).toEqual(['header.signin', 'landingpage.faq1expand']);
  });
});
