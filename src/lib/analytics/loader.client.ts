/**
 * Browser side of analytics. Only pages built with a write key include this module (see
 * components/Analytics.astro). Clicks on `[data-analytics]` elements and the opening of
 * `<details data-analytics-expand>` are collected from the first moment; the analytics
 * library itself is fetched once the page is idle, so it never competes with first paint.
 */
import { clickEventName, expandEventName } from './targets.client.ts';

/** What happened and when: calls made before the library arrives keep their own time. */
type Call = { kind: 'page'; at: Date } | { kind: 'track'; name: string; at: Date };

interface Config {
  writeKey: string;
  apiHost: string | undefined;
}

function readConfig(): Config | undefined {
  const meta = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
  const writeKey = meta('analytics-write-key');
  return writeKey ? { writeKey, apiHost: meta('analytics-api-host') } : undefined;
}

function pageName(): string {
  return document.documentElement.dataset.pageName ?? 'Generic Page';
}

function currentPath(): string {
  return location.pathname.replace(/\/+$/, '') || '/';
}

function whenIdle(run: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(run, { timeout: 4000 });
    else window.setTimeout(run, 1500); // Safari has no requestIdleCallback
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export function startAnalytics(): void {
  const config = readConfig();
  if (!config) return;
  const pending: Call[] = [{ kind: 'page', at: new Date() }];
  let send: ((call: Call) => void) | undefined;
  const record = (call: Call) => (send ? send(call) : pending.push(call));

  document.addEventListener(
    'click',
    (event) => {
      const name = clickEventName(event.target);
      if (name) record({ kind: 'track', name, at: new Date() });
    },
    true,
  );
  // `toggle` does not bubble: listen in the capture phase to see every <details>.
  document.addEventListener(
    'toggle',
    (event) => {
      const name = expandEventName(event.target);
      if (name) record({ kind: 'track', name, at: new Date() });
    },
    true,
  );

  const connect = async () => {
    const { connectSegment } = await import('./segment.client.ts');
    const segment = connectSegment(config.writeKey, config.apiHost);
    send = (call) => {
      const context = { path: currentPath(), pageName: pageName() };
      if (call.kind === 'page') segment.page(context, call.at);
      else segment.track(call.name, context, call.at);
    };
    pending.splice(0).forEach(send);
  };
  whenIdle(() => void connect());
}
