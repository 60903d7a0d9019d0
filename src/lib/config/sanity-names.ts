/**
 * Sanity's own rules for the names an operator types: a project id, a dataset name (as its CLI's
 * validateDatasetName checks a new dataset). The settings check and the dataset import both use them.
 */

/** A project id as @sanity/client accepts it; Sanity's ids are letters and digits. */
export function isSanityProjectId(value: string): boolean {
  return /^[a-z0-9-]+$/i.test(value);
}

/** What is wrong with a dataset name, undefined when valid. `alias`: a leading `~` names a dataset alias, which the site's client reads too. */
export function datasetNameProblem(value: string, { alias = false }: { alias?: boolean } = {}): string | undefined {
  const name = alias && value.startsWith('~') ? value.slice(1) : value;
  if (name.toLowerCase() !== name) return 'must be all lowercase characters';
  if (name.length < 2) return 'must be at least two characters long';
  if (name.length > 64) return 'must be at most 64 characters';
  if (!/^[a-z0-9]/.test(name)) return 'must start with a letter or a number';
  if (!/^[a-z0-9][-_a-z0-9]+$/.test(name)) return 'must only contain letters, numbers, dashes and underscores';
  if (/[-_]$/.test(name)) return 'must not end with a dash or an underscore';
  return undefined;
}
