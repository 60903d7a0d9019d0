/**
 * Sanity's own rules for the names an operator types: a project id (as @sanity/client accepts it), a
 * dataset name (as its CLI's validateDatasetName checks a new dataset: stricter than the client,
 * which accepts some names no dataset can have, such as `a`). One rule for the settings check, the
 * dataset import and the status functions, in the same words: whatever it accepts, the client
 * accepts too (tests/unit/config/sanity-names.test.ts holds both).
 */

/** A project id as @sanity/client accepts it; Sanity's ids are letters and digits. */
export function isSanityProjectId(value: string): boolean {
  return /^[a-z0-9-]+$/i.test(value);
}

/** What is wrong with a dataset name, undefined when valid. `alias`: a leading `~` names a dataset alias, which the site's client reads too. */
export function datasetNameProblem(
  value: string,
  { alias = false }: { alias?: boolean } = {},
): string | undefined {
  const name = alias && value.startsWith('~') ? value.slice(1) : value;
  if (name.toLowerCase() !== name) return 'must be all lowercase characters';
  if (name.length < 2) return 'must be at least two characters long';
  if (name.length > 64) return 'must be at most 64 characters';
  if (!/^[a-z0-9]/.test(name)) return 'must start with a letter or a number';
  if (!/^[a-z0-9][-_a-z0-9]+$/.test(name))
    return 'must only contain letters, numbers, dashes and underscores';
  if (/[-_]$/.test(name)) return 'must not end with a dash or an underscore';
  return undefined;
}

/** Setting `name` as a project id: its problem naming the setting, undefined when valid. */
export function projectIdSettingProblem(name: string, value: string): string | undefined {
  return isSanityProjectId(value)
    ? undefined
    : `${name}: not a Sanity project id (letters, digits and dashes only)`;
}

/** Setting `name` as a dataset name: its problem naming the setting, undefined when valid. */
export function datasetSettingProblem(
  name: string,
  value: string,
  options: { alias?: boolean } = {},
): string | undefined {
  const problem = datasetNameProblem(value, options);
  return problem && `${name}: ${problem}`;
}

/**
 * The site's Sanity project and dataset (SANITY_PROJECT_ID, SANITY_DATASET: a dataset alias too), as
 * a client to them needs them: the first setting at fault, undefined when both are usable.
 */
export function sanityTargetProblem(
  projectId: string | undefined,
  dataset: string,
): string | undefined {
  if (!projectId) return 'SANITY_PROJECT_ID: not set';
  return (
    projectIdSettingProblem('SANITY_PROJECT_ID', projectId) ??
    datasetSettingProblem('SANITY_DATASET', dataset, { alias: true })
  );
}
