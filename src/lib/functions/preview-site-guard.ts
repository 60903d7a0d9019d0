/**
 * The rebuild functions are the public site's. netlify.toml's functions folder is shared by both
 * Netlify sites, so the editors' preview site deploys them too; there (SITE_MODE=preview in its
 * Functions scope) each answers "not on the preview site" and does nothing: no build hook call,
 * no Netlify Blobs read or write. Otherwise the freshness check would fail there every hour, or,
 * with the public site's settings copied over, build the public site a second time.
 */
import { readSettings } from '../config/setting-types.ts';
import { settingsSchema } from '../config/settings/index.ts';
import { answer } from './function-http.ts';

type Source = Record<string, string | undefined>;

/** As the build reads it; a value that is neither throws a SettingsError naming SITE_MODE (the function answers 500, calls nothing). */
const siteModeSchema = settingsSchema(['SITE_MODE']);

export const NOT_ON_PREVIEW_SITE = 'not on the preview site';

export function isPreviewSiteFunction(source: Source = process.env): boolean {
  return readSettings(siteModeSchema, source).SITE_MODE === 'preview';
}

export interface PreviewSiteRule {
  /** The function's name, for the log line. */
  name: string;
  /** 404 for a webhook (its sender's log shows a failure), 200 for a scheduled run (nothing went wrong). */
  status: number;
  /** What to do instead, after "not on the preview site: ". */
  hint: string;
}

/**
 * The function's answer on the preview site, or undefined on the public site. Call it first, inside
 * the function's error guard, before reading any other setting or the request.
 */
export function previewSiteAnswer(
  rule: PreviewSiteRule,
  source: Source = process.env,
  log: (message: string) => void = console.log,
): Response | undefined {
  if (!isPreviewSiteFunction(source)) return undefined;
  const message = `${NOT_ON_PREVIEW_SITE}: ${rule.hint}`;
  log(`[${rule.name}] ${message} (SITE_MODE=preview)`);
  return answer(rule.status, message);
}
