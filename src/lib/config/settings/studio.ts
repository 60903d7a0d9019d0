/**
 * The Studio's settings (studio/.env, or the environment of `sanity build`/`deploy`) and the ones
 * an operator sets in their own shell for one command (the import, a rebuild by hand).
 */
import { z } from 'zod';
import { LOCAL_SITE_URL } from '../local-addresses.ts';
import { secretSetting, setting } from '../setting-types.ts';
import type { SettingDefinition } from './types.ts';

/** The local preview server's address (scripts/local-stack/preview-server.ts, PREVIEW_PORT). */
const LOCAL_PREVIEW_URL = 'http://localhost:4322';

export const STUDIO_SETTINGS = {
  SANITY_STUDIO_PROJECT_ID: {
    schema: setting(z.string().optional()),
    format: 'a Sanity project id',
    sentence:
      "The Sanity project the Studio and every `npx sanity …` in studio/ act on: the sites' SANITY_PROJECT_ID.",
    setBy: 'operator',
    default: 'the placeholder `offline0`, which builds offline but reaches no project',
    studio: { step: 1, required: 'always' },
    readBy: ['Studio', 'Sanity CLI', 'dataset:import', 'setup:check'],
  },
  SANITY_STUDIO_DATASET: {
    schema: setting(z.string().default('production')),
    format: 'a dataset name',
    sentence: "The dataset editors work in: the sites' SANITY_DATASET.",
    setBy: 'operator',
    default: '`production`',
    studio: { step: 1, required: 'optional' },
    readBy: ['Studio', 'Sanity CLI', 'dataset:import', 'setup:check'],
  },
  SANITY_STUDIO_PREVIEW_URL: {
    schema: setting(z.string().optional()),
    format: 'URL',
    sentence: "The editors' preview site, which Presentation frames beside the documents.",
    setBy: 'operator',
    default: `\`${LOCAL_PREVIEW_URL}\`, the local preview server`,
    studio: { step: 4, required: 'always' },
    readBy: ['Studio', 'setup:check'],
  },
  SANITY_STUDIO_PUBLIC_SITE_URL: {
    schema: setting(z.string().optional()),
    format: 'URL',
    sentence: "The public site, which the Studio's live-status badges and Deploys tool ask.",
    setBy: 'operator',
    default: `\`${LOCAL_SITE_URL}\`, the local stack`,
    studio: { step: 4, required: 'always' },
    readBy: ['Studio', 'setup:check'],
  },
  SANITY_ACTIVE_ENV: {
    schema: setting(z.string().optional()),
    format: 'a mode name',
    sentence:
      "Which studio/.env.<mode> files the Studio's settings come from, for `setup:check --site studio`, the import and the Sanity CLI alike.",
    setBy: 'operator',
    default: '`production` (the files `sanity deploy` reads)',
    shell: { command: 'npm run setup:check -- --site studio, npm run dataset:import' },
    readBy: ['setup:check', 'dataset:import', 'Sanity CLI'],
  },
  SANITY_AUTH_TOKEN: {
    schema: secretSetting(),
    format: 'a Sanity token (Editor)',
    sentence:
      "The import's token, for step 3 only: deleted after it (or use your own `npx sanity login` session).",
    setBy: 'operator',
    secret: {},
    default: 'the `sanity login` session',
    shell: { command: 'npm run dataset:import', step: 3 },
    readBy: ['dataset:import', 'Sanity CLI'],
  },
  NETLIFY_AUTH_TOKEN: {
    schema: secretSetting(),
    format: 'a Netlify personal access token',
    sentence:
      "A team member's token for `npm run blobs` on Netlify: it reads and writes the public site's Blobs stores (backup and restore).",
    setBy: 'operator',
    secret: {},
    default: '– (`npm run blobs -- --site …` refuses to start)',
    shell: { command: 'npm run blobs' },
    readBy: ['blobs'],
  },
  SANITY_IMPORT_TOKEN: {
    schema: secretSetting(),
    format: 'a Sanity token (Editor)',
    sentence: "The Sanity CLI's import token, taken before SANITY_AUTH_TOKEN.",
    setBy: 'operator',
    secret: {},
    default: 'SANITY_AUTH_TOKEN',
    shell: { command: 'npm run dataset:import' },
    readBy: ['dataset:import', 'Sanity CLI'],
  },
  SANITY_CLI_CONFIG_PATH: {
    schema: setting(z.string().optional()),
    format: 'a file path',
    sentence: 'Where the Sanity CLI keeps the `sanity login` session the import may use.',
    setBy: 'operator',
    default: '`~/.config/sanity/config.json`',
    shell: { command: 'npm run dataset:import' },
    readBy: ['dataset:import', 'Sanity CLI'],
  },
} as const satisfies Record<string, SettingDefinition>;
