/** The webhook set-up in docs/deploying.md must name every document type the build reads, or a publish would not rebuild. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TENANT_DOCUMENT_TYPES } from '../../../src/lib/content/schemas.ts';

describe('webhook set-up in docs/deploying.md', () => {
  it('filters on the school registry, the settings and every per-school type', () => {
    const row = readFileSync('docs/deploying.md', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| filter |'));
    const listed = JSON.parse(/_type in (\[[^\]]*\])/.exec(row ?? '')?.[1] ?? '[]') as string[];
    expect(listed.sort()).toEqual(['school', 'siteSettings', ...TENANT_DOCUMENT_TYPES].sort());
  });
});
