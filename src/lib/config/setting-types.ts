/**
 * How every setting is read from the environment, for the build (env.ts) and the Netlify
 * functions alike: one rule for blank values, one for yes/no values, one error format.
 */
import { z } from 'zod';

/**
 * A variable that is empty or only spaces counts as unset, so it takes its default: `.env.example`
 * lists every name with an empty value, and Netlify's UI can save an empty one.
 */
export function blankAsUnset(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A setting's text from an environment; blank counts as unset, as in the build's settings. */
export function settingText(
  source: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  return blankAsUnset(source[name]) as string | undefined;
}

/** A setting: blank is unset, then `schema` decides (its default, or optional). */
export function setting<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankAsUnset, schema);
}

/**
 * A yes/no setting. The one boolean parser: true/1/yes/on or false/0/no/off (any case); anything
 * else is an error naming the setting, never a silent "no".
 */
export function yesNoSetting(fallback: boolean) {
  return setting(
    z
      .stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] })
      .default(fallback),
  );
}

/** An http(s) address (or any URL zod accepts), optional. */
export function urlSetting() {
  return setting(z.url().optional());
}

/** What a secret shorter than `minLength` is told (the setup check and the functions say the same). */
export function shortSecretMessage(minLength: number): string {
  return `shorter than ${minLength} characters (make one with openssl rand -hex 32)`;
}

/** A secret: optional here (whether it is required is the registry's `sites`), at least `minLength` characters when set. */
export function secretSetting(minLength = 1) {
  return setting(z.string().min(minLength, shortSecretMessage(minLength)).optional());
}

/** A comma-separated list of ids (ACTIVE_GIVEAWAY_IDS...): trimmed, blanks dropped. The local API reads it the same way. */
export function parseIdList(text: string): string[] {
  return text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

export function idListSetting() {
  return setting(
    z
      .string()
      .optional()
      .transform((value) => (value === undefined ? undefined : parseIdList(value))),
  );
}

/** Settings that are present but wrong; `problems` name each setting (never its value, which may be a secret). */
export class SettingsError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/** Parses `source` (process.env) with `schema`; a bad value throws a SettingsError naming each setting. */
export function readSettings<T extends z.ZodType>(
  schema: T,
  source: Record<string, string | undefined>,
): z.infer<T> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  throw new SettingsError(
    parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  );
}

/**
 * Each setting of `schema` read on its own: a bad value becomes a problem (worded as readSettings
 * words it) and takes its default, so a check can go on and name everything else that is wrong.
 * Rules across settings (the schema's refinements) are not run here: call them on `values`.
 */
export function readEachSetting<T extends z.ZodRawShape>(
  schema: z.ZodObject<T>,
  source: Record<string, string | undefined>,
): { values: z.infer<z.ZodObject<T>>; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const parsed = field.safeParse(source[name]);
    if (parsed.success) {
      values[name] = parsed.data;
    } else {
      problems.push(
        ...parsed.error.issues.map(
          (issue) => `${[name, ...issue.path].join('.')}: ${issue.message}`,
        ),
      );
      const unset = field.safeParse(undefined);
      values[name] = unset.success ? unset.data : undefined;
    }
  }
  return { values: values as z.infer<z.ZodObject<T>>, problems };
}
