/**
 * The Content-Security-Policy as Chromium enforces it, for the page walk and the CSP tests: a
 * watcher that collects every `securitypolicyviolation` a page reports (and Chromium's console
 * lines about the policy), and the checks of a response's policy headers.
 */
import { expect, type Page, type Response } from '@playwright/test';

/** Collects every violation the page reports, from before its first script runs (survives navigations). */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(`console: ${message.text()}`);
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )),
    ...refused.splice(0),
  ];
}

/** The response's policy: there, one policy (a comma would join two), framed by nobody; and HSTS. */
export function expectOnePolicy(response: Response | null, path: string): void {
  expect(response?.headers()['strict-transport-security'], `${path} carries HSTS`).toMatch(
    /^max-age=\d{8,}; includeSubDomains$/,
  );
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, `${path} carries a CSP header`).toMatch(/script-src 'self'/);
  expect(policy, `${path}: one policy`).not.toContain(',');
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
}
