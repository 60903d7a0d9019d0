/**
 * Settings of work on one machine: the local stack, the local preview server, the tests and the
 * benches. No Netlify site sets them (the settings check flags none of them either).
 */
import { z } from 'zod';
import {
  DEFAULT_DATASET_DIR,
  DEFAULT_TENANTS_FILE,
  LOCAL_API_PORT,
  LOCAL_SITE_PORT,
} from '../local-addresses.ts';
import { setting, urlSetting, yesNoSetting } from '../setting-types.ts';
import type { Reader, SettingDefinition } from './types.ts';

const text = () => setting(z.string().optional());
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
const port = () => setting(z.coerce.number().int().min(0).max(65535).optional());

function path(sentence: string, fallback: string, readBy: readonly Reader[]) {
  return {
    schema: text(),
    format: 'a path',
    sentence,
    setBy: 'the local stack',
    default: fallback,
    readBy,
  } as const;
}

function portSetting(sentence: string, fallback: number, readBy: readonly Reader[]) {
  return {
    schema: port(),
    format: 'a port number',
    sentence,
    setBy: 'the local stack',
    default: `\`${fallback}\``,
    readBy,
  } as const;
}

export const LOCAL_SETTINGS = {
  CONTENT_DATASET_DIR: {
    schema: setting(z.string().default(DEFAULT_DATASET_DIR)),
    format: 'a folder',
    sentence:
      'The content export (data.ndjson and images) local builds, the local stack and the preview server read.',
    setBy: 'the local stack',
    default: `\`${DEFAULT_DATASET_DIR}\``,
    readBy: [
      'build',
      'preview function',
      'content:check',
      'local stack',
      'preview server',
      'publish:local',
      'benches',
    ],
  },
  TENANTS_FILE: {
    schema: setting(z.string().default(DEFAULT_TENANTS_FILE)),
    format: 'a file',
    sentence: 'The tenant records a build without PUBLIC_API_BASE and the local API read.',
    setBy: 'the local stack',
    default: `\`${DEFAULT_TENANTS_FILE}\``,
    readBy: [
      'build',
      'preview function',
      'content:check',
      'local stack',
      'preview server',
      'benches',
    ],
  },
  BUILD_REPORT_FILE: {
    ...path('Where the build writes its report.', '`reports/build-report.json`', ['build']),
    schema: setting(z.string().default('reports/build-report.json')),
  },
  BUILD_OUT_DIR: {
    ...path('Where the build writes the site.', '`dist`', ['build']),
    schema: setting(z.string().default('dist')),
  },
  SANITY_API_HOST: {
    // Loopback only: no setting can send an editor's token (or a read token) to another host.
    schema: setting(
      z
        .url()
        .refine(
          (value) => URL.canParse(value) && LOOPBACK.includes(new URL(value).hostname),
          "a local stand-in for Sanity (http://127.0.0.1:<port>) only: editors' tokens go to Sanity and nowhere else",
        )
        .optional(),
    ),
    format: 'URL on 127.0.0.1, localhost or [::1]',
    sentence: "Tests only: a local stand-in for Sanity's API host.",
    setBy: 'the tests',
    default: "Sanity's own host",
    readBy: [
      'build',
      'preview function',
      'publish-status',
      'deploys',
      'content:check',
      'setup:check',
      'tests',
    ],
  },
  PORT: portSetting("The local site's port.", LOCAL_SITE_PORT, [
    'local stack',
    'publish:local',
    'benches',
  ]),
  API_PORT: portSetting("The local API's port.", LOCAL_API_PORT, ['local stack', 'benches']),
  DATA_DIR: path("The local API's and local Blobs' data (entries, deploy records).", '`data`', [
    'local stack',
    'entries:export',
    'blobs',
    'benches',
  ]),
  DIST_DIR: path('The built site the local stack serves first.', '`dist`', [
    'local stack',
    'benches',
  ]),
  DEPLOYS_DIR: path(
    'Where the local build hook builds each deploy (emptied at each start).',
    '`.netlify/local-deploys`',
    ['local stack', 'benches'],
  ),
  DATASET_FILE: path("The local API's copy of the content.", "the builds' dataset", [
    'local stack',
  ]),
  PREVIEW_PORT: portSetting("The local preview server's port.", 4322, ['preview server']),
  PREVIEW_API_PORT: portSetting("The local preview server's own local API port.", 8788, [
    'preview server',
  ]),
  PREVIEW_DATA_DIR: path("The local preview server's data.", '`.preview/data`', ['preview server']),
  PREVIEW_OUT_DIR: path('Where the local preview build goes.', '`.preview`', [
    'preview server',
    'benches',
  ]),
  E2E_PORT: portSetting("The browser tests' site port.", LOCAL_SITE_PORT, ['tests']),
  E2E_API_PORT: portSetting("The browser tests' local API port.", LOCAL_API_PORT, ['tests']),
  E2E_DATA_DIR: path("The browser tests' local API data.", '`data/e2e`', ['tests']),
  LOCAL_BUILD_HOOK_TOKEN: {
    schema: text(),
    format: 'text',
    sentence:
      "The token in the local build hook's address (a new one at each start when unset; the bench sets one).",
    setBy: 'the local stack',
    default: 'a new random token at each start',
    readBy: ['local stack', 'benches'],
  },
  LOCAL_BUILD_RECORD_ONLY: {
    schema: yesNoSetting(false),
    format: 'yes/no',
    sentence:
      "The local build hook's builds write only the build record and keep the pages the stack started with (tests of the queue and the status answers that read no page).",
    setBy: 'the local stack',
    default: '`false`',
    readBy: ['local stack', 'tests'],
  },
  LOCAL_SCHEDULE_MINUTE_MS: {
    schema: setting(z.coerce.number().int().min(1).optional()),
    format: 'milliseconds',
    sentence:
      "How long a minute lasts for the local stack's scheduler (tests shorten it, so publish-retry runs sooner).",
    setBy: 'the local stack',
    default: '`60000`',
    readBy: ['local stack', 'tests'],
  },
  SETUP_LOG: path(
    'Where the install scripts also write what the installs print (`./scripts/test.sh` sets it).',
    '–',
    ['install scripts', 'tests'],
  ),
  CHROMIUM: path('The Chromium the screenshots use.', '`/usr/bin/chromium`', ['screenshots']),
  CHROMIUM_PATH: path('The Chromium the Studio screenshots use.', '`/usr/bin/chromium`', [
    'screenshots',
  ]),
  CHROME_PATH: path('The Chromium Lighthouse uses.', '`/usr/bin/chromium`', ['benches']),
  SCREENSHOT_BASE: {
    schema: urlSetting(),
    format: 'URL',
    sentence: 'The served site the screenshots are taken of.',
    setBy: 'the local stack',
    default: '`http://127.0.0.1:4321`',
    readBy: ['screenshots'],
  },
  BENCH_PEAK_FILE: path("Where a bench's build writes its peak memory.", '–', ['benches']),
} as const satisfies Record<string, SettingDefinition>;
