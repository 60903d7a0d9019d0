/**
 * The hosts a local server answers: its loopback names on the port it listens on, and the site's
 * public address (SITE_URL) when it has one. Anything else (a DNS-rebinding page, a mistyped proxy)
 * gets 400 before any code of the site runs: both local sites (npm start's :4321 and the preview
 * server's :4322) and the tests' Studio stand-in (scripts/dev/studio-host.ts, which serves
 * Presentation's secret) check it first.
 */
export function ownHost(
  host: string | undefined,
  port: number | undefined,
  siteUrl?: string,
): boolean {
  if (!host) return false;
  const loopback = ['localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${port}`);
  return (
    loopback.includes(host.toLowerCase()) ||
    (siteUrl !== undefined && URL.parse(siteUrl)?.host === host.toLowerCase())
  );
}

export const NOT_OUR_HOST = 'Bad Request: not a host of this site\n';
