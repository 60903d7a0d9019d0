/**
 * The Netlify functions never load the build's settings (config/env.ts): those carry the build's
 * refusals (production without a product API...), which must not take the webhook or the
 * freshness check down. Follows every relative import from src/functions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = resolve('src/functions');

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm),
  ].map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

describe('Netlify functions', () => {
  it.each(readdirSync(FUNCTIONS).filter((name) => name.endsWith('.ts')))(
    "%s does not load the build's settings",
    (name) => {
      const loaded = [...reachable(join(FUNCTIONS, name))].map((file) =>
        relative(process.cwd(), file),
      );
      expect(loaded).toContain(`src/functions/${name}`);
      expect(loaded.length).toBeGreaterThan(2);
      expect(loaded).not.toContain('src/lib/config/env.ts');
    },
  );
});
