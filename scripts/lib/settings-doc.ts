/**
 * The parts of the documents written from the registry of settings (src/lib/config/settings/):
 * docs/deploying.md's tables of environment variables and docs/operations.md's table of what each
 * function reads. `npm run docs:settings` writes them between their markers; the docs tests hold
 * the documents equal to what this makes.
 */
import {
  FUNCTION_NAMES,
  functionSettings,
  SETTING_NAMES,
  SETTINGS,
  type Requirement,
  type SettingDefinition,
  type SiteName,
  type SiteUse,
} from '../../src/lib/config/settings/index.ts';

const SITE_WORDS: Record<SiteName, string> = { production: 'public site', preview: 'preview site' };

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function requirement(required: Requirement): string {
  if (required === 'always') return 'yes';
  if (required === 'optional') return 'no';
  return required.when;
}

function siteWhere(site: SiteName, use: SiteUse): string {
  const scopes = use.scopes.length === 2 ? 'Builds and Functions' : (use.scopes[0] ?? '–');
  return `${SITE_WORDS[site]}: ${scopes}${use.step === undefined ? '' : ` (step ${use.step})`}`;
}

/** Where an operator sets it, site by site. */
function where(definition: SettingDefinition): string {
  const places: string[] = [];
  for (const site of ['production', 'preview'] as const) {
    const use = definition.sites?.[site];
    if (use) places.push(siteWhere(site, use));
  }
  if (definition.studio)
    places.push(`the Studio, \`studio/.env\` (step ${definition.studio.step})`);
  if (definition.shell)
    places.push(
      `your shell, for \`${definition.shell.command}\`${definition.shell.step === undefined ? '' : ` (step ${definition.shell.step})`}`,
    );
  return places.join('; ');
}

function required(definition: SettingDefinition): string {
  const parts: string[] = [];
  for (const site of ['production', 'preview'] as const) {
    const use = definition.sites?.[site];
    if (use) parts.push(`${SITE_WORDS[site]}: ${requirement(use.required)}`);
  }
  if (definition.studio) parts.push(`Studio: ${requirement(definition.studio.required)}`);
  if (parts.length === 0) return 'no';
  // One site, or the same on each: say it once.
  const words = new Set(parts.map((part) => part.replace(/^[^:]+: /, '')));
  return words.size === 1 ? [...words][0]! : parts.join('; ');
}

function form(definition: SettingDefinition): string {
  return definition.secret && !/secret/.test(definition.format)
    ? `${definition.format}, secret`
    : definition.format;
}

const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;

const entries = () =>
  SETTING_NAMES.map((name) => [name, SETTINGS[name] as SettingDefinition] as const);

/** docs/deploying.md's three tables: what an operator sets, what Netlify and the system set, what local work sets. */
export function settingsTables(): string {
  const operator = entries().filter(([, definition]) => definition.setBy === 'operator');
  const platform = entries().filter(([, definition]) =>
    ['Netlify', 'npm', 'the system'].includes(definition.setBy),
  );
  const local = entries().filter(([, definition]) =>
    ['the local stack', 'the tests'].includes(definition.setBy),
  );
  return [
    `What an operator sets (${operator.length}):`,
    '',
    '| variable | where it goes | required | form | unset | what it is for |',
    '|---|---|---|---|---|---|',
    ...operator.map(([name, definition]) =>
      row([
        `\`${name}\``,
        where(definition),
        required(definition),
        form(definition),
        definition.default,
        definition.sentence,
      ]),
    ),
    '',
    `Set by Netlify, npm or the system, never by hand (${platform.length}):`,
    '',
    '| variable | set by | unset | what it is for |',
    '|---|---|---|---|',
    ...platform.map(([name, definition]) =>
      row([`\`${name}\``, definition.setBy, definition.default, definition.sentence]),
    ),
    '',
    `For work on one machine: the local stack, the preview server, tests and benches (${local.length}):`,
    '',
    '| variable | unset | what it is for |',
    '|---|---|---|',
    ...local.map(([name, definition]) =>
      row([`\`${name}\``, definition.default, definition.sentence]),
    ),
  ].join('\n');
}

/** docs/operations.md's table: the settings each of the public site's functions reads, and nothing else. */
export function functionReadsTable(): string {
  return [
    '| function | reads (and nothing else) |',
    '|---|---|',
    ...FUNCTION_NAMES.map((fn) =>
      row([
        `\`${fn}\``,
        functionSettings(fn)
          .map((name) => `\`${name}\``)
          .join(', '),
      ]),
    ),
  ].join('\n');
}

/** The generated parts, by document and marker name. */
export const GENERATED = {
  'docs/deploying.md': { 'settings-tables': settingsTables },
  'docs/operations.md': { 'function-reads': functionReadsTable },
} as const;

export const markers = (name: string) => ({
  start: `<!-- ${name}: written by npm run docs:settings from src/lib/config/settings/ -->`,
  end: `<!-- /${name} -->`,
});

/** `text` with the part between `name`'s markers replaced by `content`; undefined when the markers are not there. */
export function withGenerated(text: string, name: string, content: string): string | undefined {
  const { start, end } = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return undefined;
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}
