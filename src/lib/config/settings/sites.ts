/**
 * The settings an operator gives the two Netlify sites (docs/deploying.md, steps 6 to 10): the
 * public site (`production`) and the editors' preview site (`preview`), each with its scopes and
 * the step that makes it.
 */
import { z } from 'zod';
import {
  LOCAL_DEPLOY_NOTIFICATION_SECRET,
  LOCAL_EDITOR_PASS_SECRET,
  LOCAL_SITE_URL,
  LOCAL_STUDIO_URL,
  LOCAL_WEBHOOK_SECRET,
} from '../local-addresses.ts';
import {
  idListSetting,
  secretSetting,
  setting,
  urlSetting,
  yesNoSetting,
} from '../setting-types.ts';
import type { Reader, SettingDefinition } from './types.ts';

/** The least length of a secret someone types into two consoles (a captured signature allows an offline guess). */
export const MIN_SECRET_LENGTH = 32;

/**
 * The freshness check's intervals: the function runs every 15 minutes (its schedule) and checks on
 * the quarter hours that are a multiple of the interval, so an interval is a multiple of 15 that
 * divides a day.
 */
export const FRESHNESS_INTERVALS: readonly number[] = [
  15, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440,
];

/** The rule count from which Netlify's redirects docs advise wildcards or placeholders instead (REDIRECT_RULE_LIMIT). */
export const NETLIFY_REDIRECT_ADVICE = 10_000;

/** What a Standard Webhooks key that is not one is told. */
export const OPS_SECRET_FORMAT_MESSAGE =
  'not a Standard Webhooks key: `whsec_` and at least 24 random bytes in base64 (make one with echo "whsec_$(openssl rand -base64 32)")';

const BUILDS = ['Builds'] as const;
const FUNCTIONS = ['Functions'] as const;
const BOTH = ['Builds', 'Functions'] as const;
const UNLESS_DEMO = { when: 'unless the bundled demo content is meant (ALLOW_DEMO_DEPLOY=true)' };

/** How a signing secret's value is written: its rules, in words, and what makes a short one refused. */
const SIGNING_SECRET = {
  schema: secretSetting(MIN_SECRET_LENGTH),
  format: `secret, at least ${MIN_SECRET_LENGTH} characters`,
  secret: { minLength: MIN_SECRET_LENGTH },
};

/** Every function of the public site, and the settings check that checks them. */
const PUBLIC_FUNCTIONS_AND_CHECK = [
  'rebuild-on-publish',
  'freshness-check',
  'publish-retry',
  'deploy-notification',
  'publish-status',
  'deploys',
  'setup:check',
] as const satisfies readonly Reader[];

/** A Standard Webhooks key: `whsec_` and base64. */
const opsAlertKey = () =>
  setting(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, OPS_SECRET_FORMAT_MESSAGE)
      .optional(),
  );

/** A signing secret's previous value, set only while it is rotated (docs/operations.md, "Rotating a secret"). */
function previousSecret(sentence: string, readBy: readonly Reader[]) {
  return {
    ...SIGNING_SECRET,
    sentence,
    setBy: 'operator',
    default: '– (no rotation under way)',
    sites: { production: { scopes: FUNCTIONS, required: 'optional' } },
    readBy,
  } as const;
}

export const SITE_SETTINGS = {
  CONTENT_SOURCE: {
    schema: setting(z.enum(['local', 'sanity']).default('local')),
    format: '`local` or `sanity`',
    sentence:
      'Where the content comes from: `sanity` (the project SANITY_PROJECT_ID names) on both sites; `local`, the bundled demo content.',
    setBy: 'operator',
    default: '`local`',
    sites: {
      production: { scopes: BUILDS, step: 6, required: UNLESS_DEMO },
      preview: { scopes: BOTH, step: 10, required: 'always' },
    },
    readBy: ['build', 'preview function', 'content:check', 'setup:check'],
  },
  SANITY_PROJECT_ID: {
    schema: setting(z.string().optional()),
    format: 'a Sanity project id',
    sentence:
      "The Sanity project both sites read; the public site's status functions check an editor's token against it too.",
    setBy: 'operator',
    default: '–',
    sites: {
      production: { scopes: BOTH, step: 6, required: UNLESS_DEMO },
      preview: { scopes: BOTH, step: 10, required: 'always' },
    },
    readBy: [
      'build',
      'preview function',
      'publish-status',
      'deploys',
      'content:check',
      'setup:check',
    ],
  },
  SANITY_DATASET: {
    schema: setting(z.string().default('production')),
    format: 'a dataset name',
    sentence: 'The dataset both sites read, when it is not `production`.',
    setBy: 'operator',
    default: '`production`',
    sites: {
      production: { scopes: BOTH, step: 6, required: 'optional' },
      preview: { scopes: BOTH, step: 10, required: 'optional' },
    },
    readBy: [
      'build',
      'preview function',
      'publish-status',
      'deploys',
      'content:check',
      'setup:check',
    ],
  },
  SANITY_API_READ_TOKEN: {
    schema: secretSetting(),
    format: 'a Sanity token (Viewer)',
    sentence:
      "A read token: the public site's build needs one only for a private dataset; the preview site reads drafts with one.",
    setBy: 'operator',
    secret: {},
    default: '–',
    sites: {
      production: { scopes: BUILDS, step: 6, required: { when: 'if the dataset is private' } },
      preview: { scopes: FUNCTIONS, step: 10, required: 'always' },
    },
    readBy: ['build', 'preview function', 'content:check', 'setup:check'],
  },
  CONTENT_PREVIEW: {
    schema: yesNoSetting(false),
    format: 'yes/no',
    sentence:
      'A draft preview build, for deploy previews and branch deploys only: refused in the production context.',
    setBy: 'operator',
    default: '`false`',
    sites: { production: { scopes: BUILDS, required: 'optional' } },
    readBy: ['build', 'content:check'],
  },
  PUBLIC_API_BASE: {
    schema: urlSetting(),
    format: 'URL',
    sentence:
      'The product API (`{api}`), in every deploy context: without it pages would call the local API; the freshness check reads the tenant records from it too.',
    setBy: 'operator',
    default: 'the local API, on local builds only',
    sites: {
      production: { scopes: BOTH, step: 6, required: UNLESS_DEMO },
      preview: { scopes: BOTH, step: 10, required: 'always' },
    },
    readBy: ['build', 'preview function', 'freshness-check', 'content:check', 'setup:check'],
  },
  ORDER_SERVICE_URL: {
    schema: urlSetting(),
    format: 'URL',
    sentence:
      'The order service behind `/account/login`, `/nexusapi/*` and `/mobileapi/*`: the build writes proxy rules for it.',
    setBy: 'operator',
    default: '–',
    sites: { production: { scopes: BUILDS, step: 6, required: 'optional' } },
    readBy: ['build'],
  },
  SITE_URL: {
    schema: urlSetting(),
    format: 'URL',
    sentence:
      "The site's address for canonical URLs, sitemap and structured data: the public site takes Netlify's `URL` without it; the preview site's function needs it.",
    setBy: 'operator',
    default: `Netlify's \`URL\` (production) or \`DEPLOY_PRIME_URL\` (previews), else \`${LOCAL_SITE_URL}\``,
    sites: {
      production: { scopes: BUILDS, step: 6, required: 'optional' },
      preview: { scopes: BOTH, step: 10, required: 'always' },
    },
    readBy: ['build', 'preview function', 'local stack', 'setup:check'],
  },
  ALLOW_DEMO_DEPLOY: {
    schema: yesNoSetting(false),
    format: 'yes/no',
    sentence:
      '`true` lets a Netlify build publish the bundled demo content without Sanity or a product API; `setup:check` then needs `--demo`.',
    setBy: 'operator',
    default: '`false`',
    sites: { production: { scopes: BUILDS, required: { when: 'only for a demo deploy' } } },
    readBy: ['build', 'setup:check'],
  },
  MAIN_SITE_URL: {
    schema: urlSetting(),
    format: 'URL',
    sentence: "Where unknown paths go, instead of the content's `siteSettings.mainSiteUrl`.",
    setBy: 'operator',
    default: "the content's `siteSettings.mainSiteUrl`",
    sites: {
      production: { scopes: BUILDS, step: 6, required: 'optional' },
      preview: { scopes: BOTH, step: 10, required: 'optional' },
    },
    readBy: ['build', 'preview function'],
  },
  ACTIVE_GIVEAWAY_IDS: {
    schema: idListSetting(),
    format: 'comma-separated ids',
    sentence: "The giveaways open for entries, instead of the content's `siteSettings` list.",
    setBy: 'operator',
    default: "the content's `siteSettings`",
    sites: {
      production: { scopes: BUILDS, step: 6, required: 'optional' },
      preview: { scopes: BOTH, step: 10, required: 'optional' },
    },
    readBy: ['build', 'preview function', 'local stack', 'preview server', 'benches'],
  },
  HIDDEN_ENTER_GIVEAWAY_IDS: {
    schema: idListSetting(),
    format: 'comma-separated ids',
    sentence:
      "The giveaways whose enter button is hidden, instead of the content's `siteSettings` list.",
    setBy: 'operator',
    default: "the content's `siteSettings`",
    sites: {
      production: { scopes: BUILDS, step: 6, required: 'optional' },
      preview: { scopes: BOTH, step: 10, required: 'optional' },
    },
    readBy: ['build', 'preview function'],
  },
  PUBLIC_SEGMENT_WRITE_KEY: {
    schema: setting(z.string().optional()),
    format: 'text',
    sentence: "Segment's write key: unset, the pages make no analytics requests at all.",
    setBy: 'operator',
    default: '–',
    sites: { production: { scopes: BUILDS, step: 6, required: 'optional' } },
    readBy: ['build', 'preview function'],
  },
  PUBLIC_SEGMENT_API_HOST: {
    schema: urlSetting(),
    format: 'URL',
    sentence: 'Where analytics batches go (tests point it at a local collector).',
    setBy: 'operator',
    default: '`https://api.segment.io/v1`',
    sites: { production: { scopes: BUILDS, required: 'optional' } },
    readBy: ['build', 'preview function'],
  },
  SANITY_STUDIO_URL: {
    schema: setting(z.string().optional()),
    format: 'comma-separated http(s) URLs',
    sentence:
      "The deployed Studio's address: on the public site the only origin that may read the publish status (CORS), on the preview site the only one that may frame it and talk to its pages (Presentation's messages).",
    setBy: 'operator',
    default: `\`${LOCAL_STUDIO_URL}\`, on local runs only (a deployed site refuses it)`,
    sites: {
      production: { scopes: FUNCTIONS, step: 6, required: 'always' },
      preview: { scopes: BOTH, step: 10, required: 'always' },
    },
    readBy: [
      'build',
      'preview function',
      'publish-status',
      'deploys',
      'local stack',
      'setup:check',
    ],
  },
  EDITOR_PASS_SECRET: {
    schema: secretSetting(MIN_SECRET_LENGTH),
    format: `secret, at least ${MIN_SECRET_LENGTH} characters`,
    sentence:
      'Signs the pass the status functions give an editor Sanity has proven: it proves the editor without Sanity for 5 minutes, then stands in for Sanity up to 12 hours only while Sanity gives no answer or outsiders spend the budget of token checks; a value of its own in each deploy context, and a new value makes every editor be proven again.',
    setBy: 'operator',
    secret: { minLength: MIN_SECRET_LENGTH },
    default: `– (the local stack: \`${LOCAL_EDITOR_PASS_SECRET}\`, refused anywhere else)`,
    sites: { production: { scopes: FUNCTIONS, step: 6, required: 'always' } },
    readBy: ['publish-status', 'deploys', 'local stack', 'setup:check'],
  },
  EDITOR_PASS_SECRET_PREVIOUS: previousSecret(
    'Only while EDITOR_PASS_SECRET is rotated: its previous value, whose passes still prove their editors (new passes are signed with the current one only); unset it 12 hours after the new value was deployed, when every pass signed with it has expired.',
    ['publish-status', 'deploys', 'setup:check'],
  ),
  NETLIFY_BUILD_HOOK_URL: {
    schema: urlSetting(),
    format: 'URL (secret)',
    sentence:
      "The site's build hook: a publish, the freshness check and `npm run rebuild` start builds with it; it also proves the operator to the functions' settings check.",
    setBy: 'operator',
    secret: {},
    default: '– (the local stack: its own build hook)',
    sites: { production: { scopes: FUNCTIONS, step: 7, required: 'always' } },
    shell: { command: 'npm run rebuild', step: 7 },
    readBy: [
      'rebuild-on-publish',
      'freshness-check',
      'publish-retry',
      'deploy-notification',
      'publish-status',
      'deploys',
      'rebuild',
      'setup:check',
      'benches',
    ],
  },
  SANITY_WEBHOOK_SECRET: {
    schema: secretSetting(MIN_SECRET_LENGTH),
    format: `secret, at least ${MIN_SECRET_LENGTH} characters`,
    sentence:
      "The content webhook's secret (the same value as the webhook's in Sanity): without it rebuild-on-publish refuses every publish.",
    setBy: 'operator',
    secret: { minLength: MIN_SECRET_LENGTH },
    default: `– (the local stack: \`${LOCAL_WEBHOOK_SECRET}\`, refused anywhere else)`,
    sites: { production: { scopes: FUNCTIONS, step: 8, required: 'always' } },
    readBy: ['rebuild-on-publish', 'local stack', 'publish:local', 'setup:check'],
  },
  SANITY_WEBHOOK_SECRET_PREVIOUS: previousSecret(
    "Only while SANITY_WEBHOOK_SECRET is rotated: its previous value, still accepted so that no publish signed with it is refused while Sanity's webhook changes to the new one; unset it once Sanity signs with the new one.",
    ['rebuild-on-publish', 'setup:check'],
  ),
  NETLIFY_DEPLOY_NOTIFICATION_SECRET: {
    schema: secretSetting(MIN_SECRET_LENGTH),
    format: `secret, at least ${MIN_SECRET_LENGTH} characters`,
    sentence:
      "The JWS secret of the site's deploy notifications (the same value as in Netlify's notification settings): without it deploy-notification refuses every notification, so no build is heard of: each waits 30 minutes before it is taken as lost and built again, the waits doubling up to a day, and the Studio cannot tell what is live.",
    setBy: 'operator',
    secret: { minLength: MIN_SECRET_LENGTH },
    default: `– (the local stack: \`${LOCAL_DEPLOY_NOTIFICATION_SECRET}\`, refused anywhere else)`,
    sites: { production: { scopes: FUNCTIONS, step: 9, required: 'always' } },
    readBy: ['deploy-notification', 'local stack', 'setup:check'],
  },
  NETLIFY_DEPLOY_NOTIFICATION_SECRET_PREVIOUS: previousSecret(
    'Only while NETLIFY_DEPLOY_NOTIFICATION_SECRET is rotated: its previous value, still accepted while each of the deploy notifications changes to the new one; unset it once all of them have.',
    ['deploy-notification', 'setup:check'],
  ),
  OPS_ALERT_WEBHOOK_URL: {
    schema: urlSetting(),
    format: 'URL (https; plain http only to localhost, 127.0.0.1 or [::1])',
    sentence:
      "Where the site tells ops of a failure Netlify's own notifications do not cover (a freshness check that stopped running, builds refused, a record kept aside, a failed production build too): one signed POST per event (Standard Webhooks). Unset: failures show only in the Studio, the function logs and Netlify's notifications.",
    setBy: 'operator',
    default: '– (no ops webhook)',
    sites: { production: { scopes: FUNCTIONS, required: 'optional' } },
    readBy: PUBLIC_FUNCTIONS_AND_CHECK,
  },
  OPS_ALERT_WEBHOOK_SECRET: {
    schema: opsAlertKey(),
    format: '`whsec_` and at least 24 random bytes in base64 (Standard Webhooks)',
    sentence:
      "Signs each ops alert (Standard Webhooks: `webhook-signature`, HMAC-SHA256 with this key), so the receiver can tell the site's alerts from anyone's; required with OPS_ALERT_WEBHOOK_URL.",
    setBy: 'operator',
    secret: {},
    default: '–',
    sites: { production: { scopes: FUNCTIONS, required: 'optional' } },
    readBy: PUBLIC_FUNCTIONS_AND_CHECK,
  },
  OPS_ALERT_WEBHOOK_SECRET_PREVIOUS: {
    ...previousSecret(
      'Only while OPS_ALERT_WEBHOOK_SECRET is rotated: its previous value; each alert then carries a signature made with each key, so the receiver may change its key at any moment; unset it once it has.',
      PUBLIC_FUNCTIONS_AND_CHECK,
    ),
    schema: opsAlertKey(),
    format: 'as OPS_ALERT_WEBHOOK_SECRET',
    secret: {},
  },
  REDIRECT_RULE_LIMIT: {
    // Netlify's redirects docs (docs.netlify.com/manage/routing/redirects/overview, read 2026-12-02):
    // "Netlify processes and serializes your redirect rules across the _redirects and netlify.toml
    // files. If the size of this output is too large, the deploy might fail. If you need to set up
    // 10,000 redirects or more, we recommend using wildcards or placeholders as much as possible."
    schema: setting(
      z.coerce.number().int().min(1).max(NETLIFY_REDIRECT_ADVICE).default(NETLIFY_REDIRECT_ADVICE),
    ),
    format: `a whole number, 1 to ${NETLIFY_REDIRECT_ADVICE}`,
    sentence: `The build refuses to write this many redirect rules or more (Netlify advises wildcards from ${NETLIFY_REDIRECT_ADVICE.toLocaleString('en-US')} rules on, and a deploy may fail when its rules are too large); only a lower value can be set.`,
    setBy: 'operator',
    default: `\`${NETLIFY_REDIRECT_ADVICE}\``,
    sites: { production: { scopes: BUILDS, required: 'optional' } },
    readBy: ['build'],
  },
  PUBLISH_RETRY_BASE_SECONDS: {
    schema: setting(z.coerce.number().int().min(1).max(3600).optional()),
    format: 'seconds, 1 to 3600',
    sentence:
      "The publish queue's unit of time: the first wait before the site starts a publish again after a start failed (then doubling, at most 30 units); a start unconfirmed after 1 unit, or a build never heard of for 30, is taken as lost. Leave it unset.",
    setBy: 'operator',
    default: '`60`',
    sites: { production: { scopes: FUNCTIONS, required: 'optional' } },
    readBy: [
      'rebuild-on-publish',
      'publish-retry',
      'deploy-notification',
      'freshness-check',
      'rebuild',
    ],
  },
  FRESHNESS_CHECK_MINUTES: {
    schema: setting(
      z.coerce
        .number()
        .int()
        .refine((minutes) => FRESHNESS_INTERVALS.includes(minutes), {
          message: `one of ${FRESHNESS_INTERVALS.join(', ')}`,
        })
        .default(60),
    ),
    format: `minutes: ${FRESHNESS_INTERVALS.join(', ')}`,
    sentence:
      'How often the freshness check compares what the site is built from (the tenant records) with what the live deploy was built from, and starts a build only when they differ.',
    setBy: 'operator',
    default: '`60`',
    sites: { production: { scopes: FUNCTIONS, required: 'optional' } },
    readBy: ['freshness-check', 'publish-retry'],
  },
  FRESHNESS_MAX_AGE_DAYS: {
    schema: setting(z.coerce.number().int().min(1).max(90).default(7)),
    format: 'days, 1 to 90',
    sentence:
      'The freshness check builds whatever changed once the live deploy is this old: the safety net for an input nobody noticed.',
    setBy: 'operator',
    default: '`7`',
    sites: { production: { scopes: FUNCTIONS, required: 'optional' } },
    readBy: ['freshness-check'],
  },
  DEPLOY_BUDGET_PER_HOUR: {
    schema: setting(z.coerce.number().int().min(1).max(60).optional()),
    format: 'deploys, 1 to 60',
    sentence:
      'The most production deploys the site starts in an hour (each costs Netlify credits): the hour is cut into this many slots, one build each; past it, publishes and freshness builds wait for the next slot. Unset: no budget.',
    setBy: 'operator',
    default: '– (no budget)',
    sites: { production: { scopes: FUNCTIONS, required: 'optional' } },
    readBy: [
      'rebuild-on-publish',
      'freshness-check',
      'publish-retry',
      'deploy-notification',
      'deploys',
    ],
  },
  SITE_MODE: {
    schema: setting(z.enum(['static', 'preview']).default('static')),
    format: '`static` or `preview`',
    sentence:
      "`preview` makes the editors' preview site (pages rendered on request), and keeps the public site's functions deployed there idle; the public site leaves it unset.",
    setBy: 'operator',
    default: '`static`',
    sites: { preview: { scopes: BOTH, step: 10, required: 'always' } },
    readBy: ['build', 'preview function', ...PUBLIC_FUNCTIONS_AND_CHECK],
  },
  PREVIEW_COOKIE_SECRET: {
    schema: secretSetting(MIN_SECRET_LENGTH),
    format: `secret, at least ${MIN_SECRET_LENGTH} characters`,
    sentence:
      "Signs the preview site's draft-mode cookie; changing it ends every editor's draft mode.",
    setBy: 'operator',
    secret: { minLength: MIN_SECRET_LENGTH },
    default: '– (the local preview server: a new random value each start)',
    sites: { preview: { scopes: FUNCTIONS, step: 10, required: 'always' } },
    readBy: ['preview function', 'preview server', 'setup:check'],
  },
} as const satisfies Record<string, SettingDefinition>;
