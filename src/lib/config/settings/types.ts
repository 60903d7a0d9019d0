/**
 * What the registry of settings says about each one (src/lib/config/settings/): where it belongs,
 * who reads it, its form and the one sentence an operator needs. The readers (the build's env.ts,
 * the functions' function-settings.ts, `npm run setup:check`) take each setting's value rules from
 * its `schema`; docs/deploying.md's table of variables is held equal to it (tests/unit/docs).
 */
import type { z } from 'zod';

/** The two Netlify sites built from this repository. */
export type SiteName = 'production' | 'preview';

/** Netlify's variable scopes (a site on a plan without scopes gives every variable to both). */
export type NetlifyScope = 'Builds' | 'Functions';

/** The public site's Netlify functions (src/functions/). */
export const FUNCTION_NAMES = [
  'rebuild-on-publish',
  'freshness-check',
  'publish-retry',
  'deploy-notification',
  'publish-status',
  'deploys',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** What reads a setting: the build, a function, a command, the Studio, or the local tools. */
export type Reader =
  | 'build'
  | 'preview function'
  | FunctionName
  | 'setup:check'
  | 'dataset:import'
  | 'rebuild'
  | 'blobs'
  | 'content:check'
  | 'entries:export'
  | 'Studio'
  | 'Sanity CLI'
  | 'local stack'
  | 'preview server'
  | 'publish:local'
  | 'tests'
  | 'benches'
  | 'screenshots'
  | 'install scripts';

/**
 * When a setting must be set: `always`, `optional` (its default or nothing applies), or a
 * condition in words that a rule of its own checks (the dataset's visibility, a demo deploy).
 */
export type Requirement = 'always' | 'optional' | { when: string };

/** A setting on one Netlify site. */
export interface SiteUse {
  scopes: readonly NetlifyScope[];
  /** The step of docs/deploying.md's procedure that makes it; none: the procedure leaves it unset. */
  step?: number;
  required: Requirement;
}

/** Who gives a setting its value. */
export type SetBy = 'operator' | 'Netlify' | 'npm' | 'the system' | 'the local stack' | 'the tests';

export interface SettingDefinition {
  /** The value's rules, as every reader applies them: blank is unset, then this schema (its default, if any, applies everywhere). */
  schema: z.ZodType;
  /** The value's form, in words. */
  format: string;
  /** What it is for: the one sentence an operator needs. */
  sentence: string;
  setBy: SetBy;
  /** A secret: never printed, never in the repository; `minLength` when a short one is refused. */
  secret?: { minLength?: number };
  /** What applies when it is unset, in words ('–': nothing). */
  default: string;
  /** On which Netlify site(s) the operator sets it, in which scopes, at which step. */
  sites?: Partial<Record<SiteName, SiteUse>>;
  /** The Studio's own settings (studio/.env, read by `sanity build`/`deploy`), at a step of the procedure. */
  studio?: { step: number; required: Requirement };
  /** Set in the operator's shell for one command (the import, a rebuild by hand), at a step of the procedure. */
  shell?: { command: string; step?: number };
  readBy: readonly Reader[];
}
