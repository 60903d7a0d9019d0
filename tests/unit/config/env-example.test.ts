/** `.env.example` is where a developer or an operator finds every setting: it lists exactly the ones the code reads. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../../src/lib/config/env.ts';
import {
  buildHookSchema,
  deployNotificationSettingsSchema,
  deploysSettingsSchema,
  freshnessSettingsSchema,
  publishRetrySchema,
  publishSchema,
  statusSettingsSchema,
} from '../../../src/lib/functions/function-settings.ts';

const listed = readFileSync('.env.example', 'utf8')
  .split('\n')
  .flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);

describe('.env.example', () => {
  it('lists every setting of the build and of the functions, and nothing else', () => {
    const read = new Set([
      ...Object.keys(envSchema.shape),
      ...[
        buildHookSchema,
        publishSchema,
        publishRetrySchema,
        deployNotificationSettingsSchema,
        statusSettingsSchema,
        deploysSettingsSchema,
        freshnessSettingsSchema,
      ].flatMap((schema) => Object.keys(schema.shape)),
    ]);
    expect([...listed].sort()).toEqual([...read].sort());
  });

  it('lists each once', () => {
    expect(listed.length).toBe(new Set(listed).size);
  });
});
