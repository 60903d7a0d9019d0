/**
 * Settings nobody on the team sets: Netlify sets them on its builds and functions, npm on the
 * scripts it runs, the system or CI on every process. Listed because the code reads them.
 */
import { z } from 'zod';
import { LOCAL_SITE_ID } from '../local-addresses.ts';
import { setting, urlSetting, yesNoSetting } from '../setting-types.ts';
import type { SettingDefinition } from './types.ts';

const text = () => setting(z.string().optional());

export const PLATFORM_SETTINGS = {
  CONTEXT: {
    schema: text(),
    format: '`production`, `deploy-preview`, `branch-deploy` or `dev`',
    sentence:
      'Which deploy a build is: production, deploy previews and branch deploys are held to the deploy rules; none or `dev` is a local build.',
    setBy: 'Netlify',
    default: '– (a local build)',
    readBy: [
      'build',
      'rebuild-on-publish',
      'freshness-check',
      'publish-retry',
      'deploy-notification',
      'publish-status',
      'deploys',
      'benches',
    ],
  },
  NETLIFY: {
    schema: yesNoSetting(false),
    format: 'yes/no',
    sentence: "`true` on Netlify's build image: the build is a Netlify deploy.",
    setBy: 'Netlify',
    default: '`false`',
    readBy: ['build', 'benches'],
  },
  URL: {
    schema: urlSetting(),
    format: 'URL',
    sentence:
      "The site's main address (production), the public site's canonical address when SITE_URL is unset.",
    setBy: 'Netlify',
    default: '–',
    readBy: ['build', 'local stack'],
  },
  DEPLOY_PRIME_URL: {
    schema: urlSetting(),
    format: 'URL',
    sentence:
      "A deploy preview's or branch deploy's address, its canonical address when SITE_URL is unset.",
    setBy: 'Netlify',
    default: '–',
    readBy: ['build'],
  },
  SITE_ID: {
    schema: setting(z.string().default(LOCAL_SITE_ID)),
    format: 'text',
    sentence:
      "The site's id, given to its functions: a deploy notification of another site is ignored, and an editor's pass of another site proves nothing.",
    setBy: 'Netlify',
    default: `\`${LOCAL_SITE_ID}\` (the local stack)`,
    readBy: ['deploy-notification', 'publish-status', 'deploys'],
  },
  INCOMING_HOOK_BODY: {
    schema: text(),
    format: 'JSON',
    sentence:
      "The build hook call's body, handed to the build it started: what the build is for (publish batch, freshness check, by hand).",
    setBy: 'Netlify',
    default: '– (a build nobody asked for by hook)',
    readBy: ['build'],
  },
  NETLIFY_BLOBS_CONTEXT: {
    schema: text(),
    format: 'base64 JSON',
    sentence:
      'How a function reaches Netlify Blobs (`@netlify/blobs` reads it): set by Netlify for functions, and by the local stack for the functions it runs.',
    setBy: 'Netlify',
    default:
      '– (no Blobs: a deployed function answers 500, a local run keeps its records in memory)',
    readBy: ['local stack', 'benches'],
  },
  SITE: {
    schema: urlSetting(),
    format: 'URL',
    sentence:
      "Astro's `site` (import.meta.env.SITE, from astro.config.mjs) in the pages; in `npm run publish:local`, the local site to post the webhook to.",
    setBy: 'the local stack',
    default: "the local stack's address (`PORT`)",
    readBy: ['build', 'publish:local'],
  },
  INIT_CWD: {
    schema: text(),
    format: 'a folder',
    sentence: 'The folder `npm run` was typed in: the import reads a relative `--file` from there.',
    setBy: 'npm',
    default: 'the current folder',
    readBy: ['dataset:import'],
  },
  CI: {
    schema: text(),
    format: 'any text',
    sentence:
      'Set by CI: an install whose lockfile is out of step fails instead of falling back to `npm install`.',
    setBy: 'the system',
    default: '–',
    readBy: ['install scripts', 'tests'],
  },
  PATH: {
    schema: text(),
    format: 'folders',
    sentence:
      'Where `node` and `npm` are found: `./scripts/run.sh` and `test.sh` put the Node 24 they install first.',
    setBy: 'the system',
    default: '–',
    readBy: ['install scripts'],
  },
  PLAYWRIGHT_BROWSERS_PATH: {
    schema: text(),
    format: 'a folder',
    sentence: "Where Playwright's own browsers are; unset, the tests use the system's Chromium.",
    setBy: 'the system',
    default: '–',
    readBy: ['tests', 'benches'],
  },
} as const satisfies Record<string, SettingDefinition>;
