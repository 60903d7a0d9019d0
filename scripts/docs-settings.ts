/**
 * `npm run docs:settings`: writes the documents' parts made from the registry of settings
 * (scripts/lib/settings-doc.ts) between their markers. tests/unit/docs/settings-docs.test.ts fails
 * until the documents hold what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED, markers, withGenerated } from './lib/settings-doc.ts';

const ROOT = join(import.meta.dirname, '..');
let failed = false;
for (const [path, parts] of Object.entries(GENERATED)) {
  let text = readFileSync(join(ROOT, path), 'utf8');
  for (const [name, make] of Object.entries(parts)) {
    const next = withGenerated(text, name, make());
    if (next === undefined) {
      console.error(`${path}: no ${markers(name).start} … ${markers(name).end} to write between`);
      failed = true;
      continue;
    }
    text = next;
  }
  writeFileSync(join(ROOT, path), text);
  console.log(`${path}: written`);
}
process.exit(failed ? 1 : 0);
