/**
 * The settings the rebuild functions (and `npm run rebuild`) read: only their own, each in a small
 * schema. They never parse the build's settings, so a build-only rule (production refusing the
 * offline defaults, an invalid content setting) cannot take the webhook or the nightly build down.
 */
import { z } from 'zod';
import { readSettings, setting } from '../config/setting-types.ts';

type Source = Record<string, string | undefined>;

export const buildHookSchema = z.object({
  /** The site's build hook (a secret URL: never logged, never answered). */
  NETLIFY_BUILD_HOOK_URL: setting(z.url().optional()),
});

export const publishSchema = buildHookSchema.extend({
  /** The content webhook's shared secret. */
  SANITY_WEBHOOK_SECRET: setting(z.string().optional()),
  /** Netlify's deploy context, where the invocation does not say (see publishStateStore in state-store.ts). */
  CONTEXT: setting(z.string().optional()),
});

export type BuildHookSettings = z.infer<typeof buildHookSchema>;
export type PublishSettings = z.infer<typeof publishSchema>;

/** The nightly function and `npm run rebuild`. Throws a SettingsError naming a bad setting. */
export function readBuildHookSettings(source: Source = process.env): BuildHookSettings {
  return readSettings(buildHookSchema, source);
}

/** rebuild-on-publish. Throws a SettingsError naming a bad setting. */
export function readPublishSettings(source: Source = process.env): PublishSettings {
  return readSettings(publishSchema, source);
}
