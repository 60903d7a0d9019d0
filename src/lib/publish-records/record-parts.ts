/**
 * The pieces the publish loop's record shapes are made of: an ISO time, and an object of entries
 * keyed by any string that keeps every key as parsed (and reads it back as an own property only).
 */
import { z } from 'zod';

export const isoTime = z.string().min(1);

/**
 * A JSON object of entries keyed by any string, kept as parsed: every key stays an own property,
 * `__proto__` and `constructor` included (z.record would drop `__proto__`). Read it with `ownEntry`.
 * `valid` checks one entry: a plain function, since a build record has some 25,000 at 600 schools.
 */
export function ownRecord<T>(valid: (entry: unknown) => entry is T) {
  return z.custom<Record<string, T>>(
    (input) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
      for (const key of Object.keys(input))
        if (!valid((input as Record<string, unknown>)[key])) return false;
      return true;
    },
    { message: 'expected an object of valid entries' },
  );
}

export const stringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** An own entry of a record parsed from JSON: never a property every object inherits (`constructor`, `__proto__`). */
export function ownEntry<T>(
  record: Readonly<Record<string, T>> | undefined,
  key: string,
): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
