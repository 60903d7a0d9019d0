/**
 * What Netlify hands a build command: the site's variables scoped to Builds and its own build
 * variables, never a variable scoped to Functions only (the functions' secrets, the build hook, the
 * Studio's origins) and no Netlify Blobs context (Netlify gives the build command none: a build's
 * records travel as deploy blob files). The local stack's process holds all of them, since it runs
 * the functions too: each local build gets this environment instead, so a build that read a
 * function's secret or called Blobs would fail here as on Netlify.
 */
import {
  SETTING_NAMES,
  scopesOn,
  settingDefinition,
} from '../../../src/lib/config/settings/index.ts';
import { BLOBS_CONTEXT_VARIABLE } from './blobs.ts';

/** The settings a production build on Netlify never sees: a site's setting not scoped to the public site's Builds. */
export const NOT_FOR_BUILDS: readonly string[] = SETTING_NAMES.filter(
  (name) =>
    settingDefinition(name)?.sites !== undefined &&
    !scopesOn(name, 'production').includes('Builds'),
);

export function buildScopeEnvironment(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const scoped = { ...environment };
  for (const name of [...NOT_FOR_BUILDS, BLOBS_CONTEXT_VARIABLE]) delete scoped[name];
  return scoped;
}
