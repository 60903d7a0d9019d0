/**
 * No page refers to a file that is not published: every site file named in a page or a
 * stylesheet (content images and their srcset copies, icons, favicons, backgrounds, fonts,
 * scripts, styles) exists in dist/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from './helpers.ts';

/** Root-relative paths of the site's own files, as they appear in HTML attributes, srcset lists, JSON props and CSS url()s. */
const SITE_FILE = /\/(?:_astro|content-images|backgrounds)\/[^"'\s,()?#&\\]+|\/favicon\.svg/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('files the pages refer to', () => {
  const documents = filesUnder(DIST).filter((file) => /\.(html|css)$/.test(file));

  it('finds pages and stylesheets to check', () => {
    expect(documents.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(10);
    expect(documents.some((file) => file.endsWith('.css'))).toBe(true);
  });

  it('are all in the output', () => {
    const missing = new Map<string, string>();
    const checked = new Set<string>();
    for (const file of documents) {
      for (const [path] of readFileSync(file, 'utf8').matchAll(SITE_FILE)) {
        if (checked.has(path)) continue;
        checked.add(path);
        if (!existsSync(join(DIST, decodeURIComponent(path))))
          missing.set(path, relative(DIST, file));
      }
    }
    expect(checked.size).toBeGreaterThan(20);
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
