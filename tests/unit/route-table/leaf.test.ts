/**
 * The route table is the leaf every layer may use (docs/architecture.md, "Layers and imports"):
 * its modules import nothing outside route-table/, so no import runs back up the layers through it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'src/lib/route-table';

describe('route-table/', () => {
  it.each(readdirSync(DIR).filter((name) => name.endsWith('.ts')))(
    '%s imports only its own folder',
    (name) => {
      const source = readFileSync(join(DIR, name), 'utf8');
      const specifiers = [
        ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
      ].map((match) => match[1]!);
      expect(specifiers.filter((specifier) => !specifier.startsWith('./'))).toEqual([]);
    },
  );
});
