/**
 * docs/architecture.md, "Where each kind of code runs": browser code says so by its name
 * (`*.client.ts`) or its folder (`browser/`), and nothing the browser loads is server or build code.
 * Read from the imports of src/, scripts/ and studio/ (where-code-runs.ts); each check is also run
 * on a small made-up house, so it is seen to fail on a module in the wrong place.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  loadedByBrowser,
  loadedOnlyByBrowser,
  readHouse,
  readModule,
  serverCodeInBrowser,
  unnamedBrowserCode,
  type House,
} from './where-code-runs.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const house = readHouse(ROOT);

/** A house of the given modules, each read from its source text as the real ones are. */
const made = (modules: Record<string, string>): House =>
  new Map(Object.entries(modules).map(([path, text]) => [path, readModule(path, text)]));

describe('where code runs', () => {
  it('a module that works with the DOM and that only browser code loads is *.client.ts or in a browser/ folder', () => {
    expect(unnamedBrowserCode(house)).toEqual([]);
  });

  it('nothing the browser loads is server or build code, Node, Astro, config/env.ts or zod', () => {
    expect(serverCodeInBrowser(house)).toEqual([]);
  });

  it("reads the preview's three sides: the overlays' bundle is the browser's alone, the page's live query is shared", () => {
    const only = loadedOnlyByBrowser(house);
    for (const path of ['overlays', 'loaders', 'overlay-options', 'page-draw', 'redraw'])
      expect(only, path).toContain(`src/lib/preview/browser/${path}.ts`);
    expect(house.get('src/lib/preview/browser/redraw.ts')?.dom).toContain('Document');
    expect(loadedByBrowser(house)).toContain('src/lib/preview/live-query.ts');
    expect(only).not.toContain('src/lib/preview/live-query.ts');
    expect(loadedByBrowser(house)).not.toContain('src/lib/preview/server/middleware.ts');
    expect(house.get('src/lib/preview/server/middleware.ts')?.packages).toContain(
      'astro:middleware',
    );
    // Components' scripts are read as code of their own.
    expect(house.get('src/components/sections/plans/PlanCardGrid.astro <script>')?.imports).toEqual(
      ['src/lib/plans/plan-toggle.client.ts'],
    );
  });

  it('names DOM code that only the browser loads when it is not named for it; plain or shared code passes', () => {
    const client = "import { draw } from './draw.ts';\ndraw(document);";
    expect(
      unnamedBrowserCode(
        made({
          'src/lib/x/widget.client.ts': client,
          'src/lib/x/draw.ts': 'export const draw = (page: Document) => page.title;',
        }),
      ),
    ).toEqual(['src/lib/x/draw.ts (names Document)']);
    expect(
      unnamedBrowserCode(
        made({
          'src/lib/x/widget.client.ts': client,
          'src/lib/x/draw.ts': 'export const draw = () => window.scrollY;',
          'src/lib/x/server/page.ts': "import { draw } from '../draw.ts';",
        }),
      ),
      'loaded by the server too: shared',
    ).toEqual([]);
    expect(
      unnamedBrowserCode(
        made({
          'src/lib/x/widget.client.ts': client,
          'src/lib/x/draw.ts': 'export const draw = (count: number) => count + 1;',
        }),
      ),
      'plain logic',
    ).toEqual([]);
    expect(
      unnamedBrowserCode(
        made({
          'src/lib/x/browser/widget.ts': client,
          'src/lib/x/browser/draw.ts': 'export const draw = (page: Document) => page.title;',
        }),
      ),
      'in a browser/ folder',
    ).toEqual([]);
  });

  it('names each way browser code reaches server or build code; a type-only import loads nothing', () => {
    expect(
      serverCodeInBrowser(
        made({
          'src/lib/x/browser/draw.ts': "import { a } from '../server/answer.ts';",
          'src/lib/x/server/answer.ts': 'export const a = 1;',
          'src/components/X.astro <script>': "import '../lib/x/read.ts';",
          'src/lib/x/read.ts': "import { readFileSync } from 'node:fs';",
          'src/lib/x/settings.client.ts': "import { env } from '../config/env.ts';",
          'src/lib/config/env.ts': 'export const env = {};',
          'src/lib/x/typed.client.ts': "import type { a } from './server/answer.ts';",
        }),
      ),
    ).toEqual([
      'src/components/X.astro <script> → src/lib/x/read.ts (loads node:fs)',
      'src/lib/x/browser/draw.ts → src/lib/x/server/answer.ts',
      'src/lib/x/settings.client.ts → src/lib/config/env.ts',
    ]);
  });
});
