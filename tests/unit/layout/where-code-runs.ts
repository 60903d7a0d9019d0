/**
 * The code's modules and what each loads, read with TypeScript's parser, for the test that holds
 * docs/architecture.md's "Where each kind of code runs" (where-code-runs.test.ts): which code the
 * browser runs, which modules only it loads, and whether any of them reaches server or build code.
 * `import type` loads nothing and is left out; a component's `<script>` is code of its own (the
 * browser's), apart from its frontmatter (the render's).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix } from 'node:path';
import ts from 'typescript';

export interface Module {
  /** Modules of the repository it loads at run time (static imports, re-exports, `import()`), from the root. */
  imports: string[];
  /** Packages and built-ins it loads at run time (`node:crypto`, `astro:middleware`, `zod`). */
  packages: string[];
  /** Browser globals and DOM interfaces it names without declaring them (`document`, `Window`). */
  dom: string[];
}

/** Path from the repository's root (`src/lib/x.ts`, `src/components/X.astro <script>`) → module. */
export type House = Map<string, Module>;

/** The browser's globals: code that reads one runs only where there is a page. */
const BROWSER_GLOBALS = new Set([
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'customElements',
  'requestAnimationFrame',
  'matchMedia',
]);
/** The DOM's interfaces (as values or types): code that names one works with a page. */
const DOM_INTERFACE =
  /^(Window|Document|DocumentFragment|Element|HTML\w*Element|SVG\w*Element|Node|NodeList|ChildNode|ParentNode|Text|ShadowRoot|DOMParser|Location|History|TreeWalker|NodeFilter|MutationObserver|IntersectionObserver|ResizeObserver|DOMRect|CSSStyleDeclaration|(Mouse|Keyboard|Pointer|Focus|Toggle)Event)$/;

/** Where code lives that runs on a server or in a build, never in a page. */
const SERVER_FOLDERS = [
  /^src\/functions\//,
  /^src\/lib\/(build|rebuild|deploys|functions)\//,
  /^src\/lib\/.+\/(server|build)\//,
  /^src\/lib\/config\/env\.ts$/,
];
/** Packages only a server or a build can load (Node's built-ins, Astro, Netlify's, esbuild), and zod (never in a page's bundle). */
const SERVER_PACKAGES = /^(node:|astro($|:|\/)|@astrojs\/|@netlify\/|esbuild$|zod($|\/))/;

const SKIP = new Set(['node_modules', 'dist', '.astro', '.netlify', '.preview', 'data', 'tests']);

function filesUnder(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (SKIP.has(name)) continue;
    const path = posix.join(dir, name);
    if (statSync(join(root, path)).isDirectory()) found.push(...filesUnder(root, path));
    else if (/\.(ts|tsx|mjs|astro)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name))
      found.push(path);
  }
  return found;
}

const isTypeOnlyImport = (node: ts.ImportDeclaration): boolean => {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
};

const isTypeOnlyExport = (node: ts.ExportDeclaration): boolean =>
  node.isTypeOnly ||
  (node.exportClause !== undefined &&
    ts.isNamedExports(node.exportClause) &&
    node.exportClause.elements.length > 0 &&
    node.exportClause.elements.every((element) => element.isTypeOnly));

/** What one piece of code at `path` (a module, a frontmatter or a `<script>`) loads and which DOM names it uses. */
export function readModule(path: string, text: string): Module {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  const declared = new Set<string>();
  const named = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyImport(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!isTypeOnlyExport(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    if (
      (ts.isParameter(node) ||
        ts.isVariableDeclaration(node) ||
        ts.isBindingElement(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isImportSpecifier(node) ||
        ts.isImportClause(node) ||
        ts.isNamespaceImport(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    )
      declared.add(node.name.text);
    if (
      ts.isIdentifier(node) &&
      (BROWSER_GLOBALS.has(node.text) || DOM_INTERFACE.test(node.text))
    ) {
      const parent = node.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        ((ts.isPropertyAssignment(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isMethodDeclaration(parent)) &&
          parent.name === node);
      if (!isPropertyName) named.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const imports: string[] = [];
  const packages: string[] = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) packages.push(specifier);
    else {
      const target = posix.normalize(posix.join(posix.dirname(path), specifier));
      imports.push(extname(target) ? target : `${target}.ts`);
    }
  }
  return { imports, packages, dom: [...named].filter((name) => !declared.has(name)).sort() };
}

/** A component's bundled `<script>` blocks (not `is:inline`, not data, not a link): code the browser runs. */
export function componentScripts(text: string): string[] {
  return [...text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bis:inline\b|\btype=|\bsrc=/.test(attributes))
    .map(([, , body = '']) => body);
}

/** A component's frontmatter: code that runs where the page is rendered (the build, or a request). */
export function componentFrontmatter(text: string): string {
  return /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
}

/** Every module of `src/`, `scripts/` and `studio/` (tests left out: they load everything). */
export function readHouse(root: string): House {
  const house: House = new Map();
  for (const path of ['src', 'scripts', 'studio'].flatMap((dir) => filesUnder(root, dir))) {
    const text = readFileSync(join(root, path), 'utf8');
    if (!path.endsWith('.astro')) {
      house.set(path, readModule(path, text));
      continue;
    }
    house.set(path, readModule(path, componentFrontmatter(text)));
    componentScripts(text).forEach((script, index) =>
      house.set(`${path} <script>${index ? ` ${index + 1}` : ''}`, readModule(path, script)),
    );
  }
  return house;
}

/** Named for the browser: `*.client.ts`, a module in a `browser/` folder, or a component's `<script>`. */
export const namedForBrowser = (path: string): boolean =>
  /\.client\.tsx?$/.test(path) || /(^|\/)browser\//.test(path) || path.includes(' <script>');

/** Code the browser runs by the docs' table: named for it, or an island (hydrated in the page). */
const browserRoot = (path: string): boolean =>
  namedForBrowser(path) || path.startsWith('src/components/islands/');

/** Everything the browser's code loads, directly or through other modules. */
export function loadedByBrowser(house: House): Set<string> {
  const reached = new Set<string>();
  const queue = [...house.keys()].filter(browserRoot);
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (reached.has(path) || !house.has(path)) continue;
    reached.add(path);
    queue.push(...house.get(path)!.imports);
  }
  return reached;
}

/**
 * The modules that only the browser's code loads: no server, build, script or Studio module
 * loads them (a module both sides load, such as the page's live query, is shared).
 */
export function loadedOnlyByBrowser(house: House): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [path, module] of house)
    for (const target of module.imports)
      importers.set(target, [...(importers.get(target) ?? []), path]);
  const only = loadedByBrowser(house);
  for (let changed = true; changed;) {
    changed = false;
    for (const path of only) {
      if (browserRoot(path)) continue;
      if ((importers.get(path) ?? []).some((importer) => !only.has(importer))) {
        only.delete(path);
        changed = true;
      }
    }
  }
  return only;
}

/**
 * Browser code that does not say so: a module of `src/` that works with the DOM (names a browser
 * global or a DOM interface) and that only the browser's code loads, yet is neither `*.client.ts`
 * nor in a `browser/` folder. Plain logic the browser loads (carousel arithmetic, analytics
 * settings) runs anywhere and needs no name.
 */
export function unnamedBrowserCode(house: House): string[] {
  return [...loadedOnlyByBrowser(house)]
    .filter((path) => path.startsWith('src/') && !browserRoot(path))
    .filter((path) => house.get(path)!.dom.length > 0)
    .map((path) => `${path} (names ${house.get(path)!.dom.join(', ')})`)
    .sort();
}

export const serverOnly = (path: string, module: Module): boolean =>
  SERVER_FOLDERS.some((folder) => folder.test(path)) ||
  module.packages.some((name) => SERVER_PACKAGES.test(name));

/** Each way the browser's code reaches server or build code: `browser module → … → server module`. */
export function serverCodeInBrowser(house: House): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (path: string, chain: string[]): void => {
    const module = house.get(path);
    if (!module || seen.has(path)) return;
    seen.add(path);
    const here = [...chain, path];
    if (serverOnly(path, module)) {
      const packages = module.packages.filter((name) => SERVER_PACKAGES.test(name));
      found.push(`${here.join(' → ')}${packages.length ? ` (loads ${packages.join(', ')})` : ''}`);
      return;
    }
    for (const target of module.imports) walk(target, here);
  };
  for (const root of [...house.keys()].filter(browserRoot).sort()) walk(root, []);
  return found;
}
