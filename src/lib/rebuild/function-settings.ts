/**
 * The settings the Netlify functions (and `npm run rebuild`) read: only their own, each in a small
 * schema. They never parse the build's settings, so a build-only rule (production refusing the
 * offline defaults, an invalid content setting) cannot take the webhook or the nightly build down.
 */
import { z } from 'zod';
import { isDeployedContext } from '../config/netlify-deploy.ts';
import { readSettings, SettingsError, setting } from '../config/setting-types.ts';
import { LOCAL_DEPLOY_NOTIFICATION_SECRET, LOCAL_SITE_ID, LOCAL_WEBHOOK_SECRET } from '../deploys/records.ts';

type Source = Record<string, string | undefined>;

export const buildHookSchema = z.object({
  /** The site's build hook (a secret URL: never logged, never answered). */
  NETLIFY_BUILD_HOOK_URL: setting(z.url().optional()),
  /** The first wait before the site calls a build hook again that did not answer (then doubling, at most 30 min); leave unset: 60. */
  PUBLISH_RETRY_BASE_SECONDS: setting(z.coerce.number().int().min(1).max(3600).optional()),
});

export const publishSchema = buildHookSchema.extend({
  /** The content webhook's shared secret. */
  SANITY_WEBHOOK_SECRET: setting(z.string().optional()),
  /** Netlify's deploy context, where the invocation does not say (see siteStore in state-store.ts). */
  CONTEXT: setting(z.string().optional()),
});

/** deploy-notification: it also starts the next publish batch, so it needs the build hook. */
export const deployNotificationSettingsSchema = buildHookSchema.extend({
  /** The JWS secret of Netlify's deploy notifications (HS256). */
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: setting(z.string().optional()),
  /** This site's id: Netlify sets it for functions; a notification of another site is ignored. */
  SITE_ID: setting(z.string().default(LOCAL_SITE_ID)),
  CONTEXT: setting(z.string().optional()),
});

/** publish-status and deploys. */
export const statusSettingsSchema = z.object({
  /** The Studio's address(es), comma-separated: the only origins CORS admits. */
  SANITY_STUDIO_URL: setting(z.string().optional()),
  /** Where an editor's token is checked: the site's Sanity project and dataset. */
  SANITY_PROJECT_ID: setting(z.string().optional()),
  SANITY_DATASET: setting(z.string().default('production')),
  /**
   * Tests only: a local stand-in for Sanity's API. Loopback only, so no setting can send an
   * editor's token to another host.
   */
  SANITY_API_HOST: setting(z.url().refine((value) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(value).hostname), 'a local stand-in for Sanity (http://127.0.0.1:<port>) only: editors\' tokens go to Sanity and nowhere else').optional()),
  CONTEXT: setting(z.string().optional()),
});

export type BuildHookSettings = z.infer<typeof buildHookSchema>;
export type PublishSettings = z.infer<typeof publishSchema>;
export type DeployNotificationSettings = z.infer<typeof deployNotificationSettingsSchema>;
export type StatusSettings = z.infer<typeof statusSettingsSchema>;

/** The nightly function and `npm run rebuild`. Throws a SettingsError naming a bad setting. */
export function readBuildHookSettings(source: Source = process.env): BuildHookSettings {
  return readSettings(buildHookSchema, source);
}

/** rebuild-on-publish. Throws a SettingsError naming a bad setting. */
export function readPublishSettings(source: Source = process.env): PublishSettings {
  return readSettings(publishSchema, source);
}

export function readDeployNotificationSettings(source: Source = process.env): DeployNotificationSettings {
  return readSettings(deployNotificationSettingsSchema, source);
}

export function readStatusSettings(source: Source = process.env): StatusSettings {
  return readSettings(statusSettingsSchema, source);
}

/** The local defaults of the functions' secrets (documented; a deployed site refuses them). */
export const LOCAL_SECRETS = {
  SANITY_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: LOCAL_DEPLOY_NOTIFICATION_SECRET,
} as const;

export function localDefaultProblem(name: keyof typeof LOCAL_SECRETS): string {
  return `${name}: the documented local default, which a deployed site refuses; set a secret of its own`;
}

/**
 * A secret as a function uses it in `deployContext`: on a deployed site its own value (unset stays
 * unset, and the function refuses to work; the local default throws a SettingsError naming it);
 * in a local run the value, else the local default.
 */
export function functionSecret(name: keyof typeof LOCAL_SECRETS, value: string | undefined, deployContext: string | undefined): string | undefined {
  if (isDeployedContext(deployContext)) {
    if (value === LOCAL_SECRETS[name]) throw new SettingsError([localDefaultProblem(name)]);
    return value;
  }
  return value ?? LOCAL_SECRETS[name];
}
