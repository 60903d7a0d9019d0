/**
 * Finds the settings a project reads, from its code: every environment variable a TypeScript or
 * JavaScript file, an .astro file's frontmatter or a shell script reads, however it reads it. The
 * registry test (settings-registry.test.ts) holds the result against src/lib/config/settings/.
 *
 * What counts as a read, in TypeScript/JavaScript (parsed with the TypeScript compiler):
 * - `<x>.env.NAME`, `<x>.env['NAME']`, `env.NAME`, `environment.NAME` (any object whose name ends in
 *   `env`/`environment`), and `const { NAME } = process.env`;
 * - `<anything>.NAME` / `<anything>['NAME']` with NAME in setting form (capitals with an underscore:
 *   a parsed setting read from its schema's result, `settings.SITE_URL`);
 * - a string literal in setting form passed anywhere as a value: `settingText(env, 'PORT')`,
 *   `text('SITE_URL')`, `settingsSchema(['CONTEXT', …])` (the name, not a sentence about it);
 * - an object key whose value is a setting's schema (`NAME: setting(…)`).
 * In a shell script: `$NAME` or `${NAME…}` not assigned earlier in that script.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import ts from 'typescript';

export interface SettingRead {
  name: string;
  file: string;
  line: number;
}

/** Capitals, digits and underscores, with at least one underscore: PUBLIC_API_BASE, E2E_PORT. */
const SETTING_FORM = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** Any environment variable's form (URL, CONTEXT, PORT too), where the position already says it is one. */
const VARIABLE_FORM = /^[A-Z][A-Z0-9_]*$/;
/** An object holding an environment: process.env, import.meta.env, env, cliEnv, environment, source. */
const ENVIRONMENT_OBJECT = /(?:^|\.|\?\.)(?:env|[a-z]*Env|environment|source)$/;
/** Objects whose capitalised properties are constants, not settings: Number.MAX_SAFE_INTEGER, fs.constants.W_OK. */
const CONSTANT_OBJECT = /(?:^|\.)(?:Number|Math|\w*[cC]onstants)$/;
/** Calls that read a setting named by a string argument: settingText(env, 'PORT'), text('URL'), settingsSchema(['CONTEXT']). */
const READER_CALL = /(?:^|\.)(?:\w*[tT]ext|port|\w*[sS]etting\w*|\w*[sS]chema\w*|get)$/;
/** The functions that make a setting's schema (src/lib/config/setting-types.ts). */
const SCHEMA_MAKERS = new Set([
  'setting',
  'yesNoSetting',
  'idListSetting',
  'urlSetting',
  'secretSetting',
]);
/** Names in setting form that are not settings: Node's error codes, compared with `code`. */
const NOT_SETTINGS = new Set([
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_MODULE_NOT_FOUND',
  'ERR_UNKNOWN_FILE_EXTENSION',
]);
/** Bash's own variables. */
const SHELL_BUILTINS = new Set([
  'BASH_SOURCE',
  'BASHPID',
  'BASH_REMATCH',
  'PIPESTATUS',
  'LINENO',
  'FUNCNAME',
  'RANDOM',
  'SECONDS',
  'PWD',
  'OLDPWD',
  'IFS',
  'UID',
  'EUID',
]);

const CODE = new Set(['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs']);

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function isSettingName(name: string): boolean {
  return SETTING_FORM.test(name) && !NOT_SETTINGS.has(name);
}

/** Reads in one TypeScript/JavaScript text (`lineOffset`: where it starts in its file, for frontmatter). */
export function codeReads(file: string, text: string, lineOffset = 0): SettingRead[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const reads: SettingRead[] = [];
  const add = (name: string, node: ts.Node) =>
    reads.push({ name, file, line: lineOf(source, node) + lineOffset });

  const textOf = (node: ts.Node) => node.getText(source).replace(/\s/g, '');
  const fromEnvironment = (object: ts.Expression) => ENVIRONMENT_OBJECT.test(textOf(object));
  const isConstant = (object: ts.Expression) => CONSTANT_OBJECT.test(textOf(object));
  /** A string naming a variable, given to a call that reads one: directly or in an array. */
  const readerArgument = (node: ts.StringLiteralLike) => {
    const holder = ts.isArrayLiteralExpression(node.parent) ? node.parent.parent : node.parent;
    return (
      ts.isCallExpression(holder) &&
      (READER_CALL.test(textOf(holder.expression)) ||
        holder.arguments.some((argument) => fromEnvironment(argument)))
    );
  };

  function visit(node: ts.Node): void {
    if (isAssigned(node)) {
      // A write (`globalThis.X = …`, `process.env.X = …`) is not a read.
    } else if (ts.isPropertyAccessExpression(node) && !ts.isPrivateIdentifier(node.name)) {
      const name = node.name.text;
      if (
        (isSettingName(name) && !isConstant(node.expression)) ||
        (VARIABLE_FORM.test(name) && fromEnvironment(node.expression))
      )
        add(name, node.name);
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression)
    ) {
      const name = node.argumentExpression.text;
      if (
        (isSettingName(name) && !isConstant(node.expression)) ||
        (VARIABLE_FORM.test(name) && fromEnvironment(node.expression))
      )
        add(name, node.argumentExpression);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer &&
      fromEnvironment(node.initializer)
    ) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name;
        if (ts.isIdentifier(key) && VARIABLE_FORM.test(key.text)) add(key.text, key);
      }
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      SCHEMA_MAKERS.has(node.initializer.expression.text)
    ) {
      const key = node.name;
      if ((ts.isIdentifier(key) || ts.isStringLiteralLike(key)) && VARIABLE_FORM.test(key.text))
        add(key.text, key);
    } else if (
      ts.isStringLiteralLike(node) &&
      isValuePosition(node) &&
      (isSettingName(node.text) || (VARIABLE_FORM.test(node.text) && readerArgument(node)))
    ) {
      add(node.text, node);
    }
    ts.forEachChild(node, visit);
  }

  visit(source);
  return reads;
}

function isAssigned(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    parent !== undefined &&
    ts.isBinaryExpression(parent) &&
    parent.left === node &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
  );
}

/** A string used as a value (an argument, an array element, a comparison...), not a key, an import or a type. */
function isValuePosition(node: ts.StringLiteralLike): boolean {
  const parent = node.parent;
  if (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent)
  )
    return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  if (ts.isLiteralTypeNode(parent)) return false;
  if (ts.isElementAccessExpression(parent)) return false; // counted above
  return true;
}

/** Reads in an .astro file: the TypeScript between its frontmatter fences. */
export function astroReads(file: string, text: string): SettingRead[] {
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  return match ? codeReads(`${file}.ts`, match[1]!, 1).map((read) => ({ ...read, file })) : [];
}

/** The names a shell script assigns (NAME=, export NAME=, local NAME=). */
function shellAssignments(line: string): string[] {
  return [...line.matchAll(/(?:^|[\s;(])(?:export\s+|local\s+)?([A-Z][A-Z0-9_]*)=/g)].map(
    (match) => match[1]!,
  );
}

/**
 * Reads in a shell script: `$NAME` and `${NAME…}` of a capitalised name that neither the script
 * above nor a script it sources (`source "$(dirname "$0")/lib/x.sh"`, read with `readSourced`) assigns.
 */
export function shellReads(
  file: string,
  text: string,
  readSourced: (path: string) => string | undefined = () => undefined,
): SettingRead[] {
  const reads: SettingRead[] = [];
  const assigned = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/(^|\s)#.*$/, '$1');
    for (const match of line.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) {
      const name = match[1]!;
      if (!assigned.has(name) && !SHELL_BUILTINS.has(name))
        reads.push({ name, file, line: index + 1 });
    }
    for (const name of shellAssignments(line)) assigned.add(name);
    const sourced =
      /^\s*(?:source|\.)\s+"\$\(dirname "(?:\$0|\$\{BASH_SOURCE\[0\]\})"\)\/([^"]+)"/.exec(line);
    if (sourced) {
      const path = join(dirname(file), sourced[1]!);
      for (const sourcedLine of (readSourced(path) ?? '').split('\n'))
        for (const name of shellAssignments(sourcedLine)) assigned.add(name);
    }
  });
  return reads;
}

/** Every read in one file, by its kind. */
export function fileReads(
  file: string,
  text: string,
  readSourced?: (path: string) => string | undefined,
): SettingRead[] {
  const extension = extname(file);
  if (extension === '.sh') return shellReads(file, text, readSourced);
  if (extension === '.astro') return astroReads(file, text);
  if (CODE.has(extension) && !file.endsWith('.d.ts')) return codeReads(file, text);
  return [];
}

const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  '.astro',
  '.netlify',
  '.preview',
  '.tools',
  'data',
  'reports',
  '.sanity',
]);

/** Every file under `dir` (relative to `root`), without installs and build output; none when there is no such folder. */
export function filesUnder(root: string, dir: string): string[] {
  const found: string[] = [];
  if (!existsSync(join(root, dir))) return found;
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      if (SKIPPED_FOLDERS.has(entry)) continue;
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(relative(root, full));
    }
  };
  walk(join(root, dir));
  return found.sort();
}

/** Every read in the files under each of `dirs` (and each file of `files`), relative to `root`. */
export function projectReads(
  root: string,
  dirs: readonly string[],
  files: readonly string[] = [],
): SettingRead[] {
  const paths = [...dirs.flatMap((dir) => filesUnder(root, dir)), ...files];
  const read = (path: string) => {
    try {
      return readFileSync(join(root, path), 'utf8');
    } catch {
      return undefined;
    }
  };
  return paths.flatMap((path) => fileReads(path, read(path) ?? '', read));
}
