/** The Studio's Sanity version the documents name is the one studio/package.json pins. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pinned = (
  JSON.parse(readFileSync('studio/package.json', 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.sanity!;
const STATED = [
  /`sanity`\s+package, pinned to (\d+\.\d+\.\d+)/g,
  /this Studio runs (\d+\.\d+(?:\.\d+)?)/g,
  /the Studio's Sanity version is (\d+\.\d+\.\d+)/g,
];

describe("the Studio's Sanity version in the documents", () => {
  it('is exact in studio/package.json, and every statement of it agrees', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const wrong: string[] = [];
    let stated = 0;
    for (const path of [
      'README.md',
      'CONTRIBUTING.md',
      ...readdirSync('docs')
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ]) {
      const text = readFileSync(path, 'utf8').replace(/\s+/g, ' ');
      for (const pattern of STATED) {
        for (const match of text.matchAll(pattern)) {
          stated += 1;
          if (match[1] !== pinned)
            wrong.push(`${path}: "${match[0]}" (studio/package.json pins ${pinned})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(stated).toBeGreaterThanOrEqual(2);
  });
});
