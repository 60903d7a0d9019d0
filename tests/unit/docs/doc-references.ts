/**
 * What the documents name that the repository decides: paths, `npm run` commands, the functions'
 * answers. Each finder reads Markdown as text, paragraph by paragraph (a table row, a list item and
 * a code line are paragraphs of their own), and answers "file:line: says …: why" for each mistake.
 */

export interface Document {
  path: string;
  text: string;
}

interface Paragraph {
  text: string;
  line: number;
  /** Inside a fenced code block. */
  code: boolean;
  /** For a code line: the prose paragraph just before its block ("then, in `studio/`:"). */
  lead: string;
  /** The text of the heading it is under, with the paragraphs around it (for "run in studio/"). */
  section: string;
}

/** Paragraphs: blank-line separated prose; each table row, list item and code line alone. */
export function paragraphs(document: Document): Paragraph[] {
  const found: Paragraph[] = [];
  const sections: Array<{ start: number; text: string[] }> = [{ start: 0, text: [] }];
  let prose: { line: number; lines: string[] } | undefined;
  let fence = false;
  let lead = '';
  const flush = () => {
    if (prose) {
      lead = prose.lines.join(' ');
      found.push({ text: lead, line: prose.line, code: false, lead: '', section: '' });
    }
    prose = undefined;
  };
  document.text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (/^#{1,6}\s/.test(content)) sections.push({ start: found.length, text: [] });
    sections.at(-1)!.text.push(content);
    if (/^\s*(```|~~~)/.test(content)) {
      flush();
      fence = !fence;
      return;
    }
    if (fence) return void found.push({ text: content, line, code: true, lead, section: '' });
    if (content.trim() === '') return flush();
    if (/^\s*(\||[*+-]\s|\d+\.\s|#)/.test(content)) flush();
    if (prose) prose.lines.push(content.trim());
    else prose = { line, lines: [content.trim()] };
  });
  flush();
  // Each paragraph knows its section's whole text.
  const starts = sections.map((section) => section.start);
  return found.map((paragraph, index) => {
    const which = starts.filter((start) => start <= index).length - 1;
    return { ...paragraph, section: sections[Math.max(which, 0)]!.text.join('\n') };
  });
}

const TRAILING = /[.:;,!?]+$/;
const PLACEHOLDER = /[<{…*]|\.\.\./;

/**
 * The repository paths a document names: tokens whose first part is one of the repository's
 * top-level folders (`src/…`, `scripts/…`, `studio/…`). A placeholder (`<page>`, `…`, `{school}`,
 * `*`) ends the path at the folder before it.
 */
export function namedPaths(
  document: Document,
  topFolders: ReadonlySet<string>,
): Array<{ path: string; line: number }> {
  const found: Array<{ path: string; line: number }> = [];
  document.text.split('\n').forEach((content, index) => {
    for (const raw of content.split(/[\s`'"()[\]<>,;|=]+/)) {
      if (raw.includes('://')) continue;
      const token = raw
        .replace(/^\.\//, '')
        .replace(/#.*$/, '')
        .replace(/:\d+(?:[–-]\d+)?$/, '')
        .replace(TRAILING, '');
      const segments = token.split('/');
      if (segments.length < 2 || !topFolders.has(segments[0]!)) continue;
      const literal: string[] = [];
      for (const segment of segments) {
        if (PLACEHOLDER.test(segment)) break;
        literal.push(segment);
      }
      const path = literal.join('/').replace(/\/$/, '');
      if (path) found.push({ path, line: index + 1 });
    }
  });
  return found;
}

/** Each `npm run <name>` of a document, with the paragraph it is in. */
export function npmRuns(
  document: Document,
): Array<{ name: string; line: number; paragraph: Paragraph }> {
  return paragraphs(document).flatMap((paragraph) =>
    [...paragraph.text.matchAll(/\bnpm run ([a-z][\w:-]*)/g)].map((match) => ({
      name: match[1]!,
      line: paragraph.line,
      paragraph,
    })),
  );
}

const RUNS_IN_STUDIO = /\bin `?studio\/`?|`?studio\/`?:|from `?studio\/`?|cd studio/;

/**
 * Each `npm run` that names no script, or the wrong package's: a script only the Studio has must be
 * said to run in studio/ (in its paragraph or section); `npm run dev` next to the Studio's address
 * must be the Studio's, said so in its paragraph.
 */
export function npmRunProblems(
  document: Document,
  root: ReadonlySet<string>,
  studio: ReadonlySet<string>,
  studioPort: number,
): string[] {
  return npmRuns(document).flatMap(({ name, line, paragraph }) => {
    const where = `${document.path}:${line}: says "npm run ${name}"`;
    if (!root.has(name) && !studio.has(name))
      return [`${where}: no such script in package.json or studio/package.json`];
    const saysStudio =
      RUNS_IN_STUDIO.test(paragraph.text) ||
      (paragraph.code && RUNS_IN_STUDIO.test(paragraph.lead));
    if (!root.has(name) && !saysStudio && !RUNS_IN_STUDIO.test(paragraph.section))
      return [
        `${where}: only studio/package.json has it, and the text does not say it runs in studio/`,
      ];
    if (
      root.has(name) &&
      studio.has(name) &&
      paragraph.text.includes(`localhost:${studioPort}`) &&
      !saysStudio
    ) {
      return [
        `${where}: next to the Studio's address; at the repository's root it is another script (say "in studio/")`,
      ];
    }
    return [];
  });
}

/**
 * The JSON messages a document quotes as a function's answer: `{"message":"…"}`, wrapped over lines
 * or not, each with the HTTP status the text gives it: `(401)` right after the quote, `401` or
 * `**401**` right before it, else a `**202**` that opens its list item or table row.
 */
export function quotedMessages(
  document: Document,
): Array<{ message: string; line: number; status?: number }> {
  return paragraphs(document).flatMap((paragraph) => {
    const opening = /^\s*(?:[*+-]\s+|\|\s*[^|]*\|\s*)?\*\*(\d{3})\*\*/.exec(paragraph.text)?.[1];
    return [...paragraph.text.matchAll(/`?\{"message":"((?:[^"\\]|\\.)*)"\}`?/g)].map((match) => {
      const before = /(?:^|[\s|])(?:\*\*)?(\d{3})(?:\*\*)?\s*$/.exec(
        paragraph.text.slice(0, match.index),
      )?.[1];
      const after = /^\s*\((\d{3})\)/.exec(
        paragraph.text.slice(match.index + match[0].length),
      )?.[1];
      const status = after ?? before ?? opening;
      return {
        message: JSON.parse(`"${match[1]!}"`) as string,
        line: paragraph.line,
        ...(status ? { status: Number(status) } : {}),
      };
    });
  });
}

/** A sentence saying the import never overwrites, without the flag that does. */
export function importOverwriteProblems(document: Document): string[] {
  return paragraphs(document).flatMap((paragraph) => {
    const saysNever =
      /never overwrit/i.test(paragraph.text) && /dataset:import|import/i.test(paragraph.text);
    return saysNever && !paragraph.text.includes('--replace')
      ? [
          `${document.path}:${paragraph.line}: says the import never overwrites, without naming --replace (which does)`,
        ]
      : [];
  });
}

/**
 * The Netlify Blobs keys a document names, each with its store: `netlify blobs:get <store> <key>`,
 * "store `<store>`, key `<key>`", "blob `<key>`" (a blob of the deploy's own store, `deployStore`),
 * and the first cell of a `| key | … |` table, whose store is the last one the section named before it.
 */
export function namedBlobKeys(
  document: Document,
  deployStore: string,
): Array<{ store: string; key: string; line: number }> {
  const found: Array<{ store: string; key: string; line: number }> = [];
  const add = (store: string, key: string, line: number) =>
    found.push({ store, key: key.replace(/[`.,;:)]+$/, ''), line });
  let lastStore: string | undefined;
  let keyTable = false;
  document.text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (/^#{1,6}\s/.test(content)) lastStore = undefined;
    for (const match of content.matchAll(/netlify blobs:get ([\w.-]+) ((?:<[^>]*>|[^\s`<])+)/g))
      add(match[1]!, match[2]!, line);
    for (const match of content.matchAll(/store `([^`]+)`, key `([^`]+)`/g))
      add(match[1]!, match[2]!, line);
    for (const match of content.matchAll(/\bblob `([^`]+)`/g)) add(deployStore, match[1]!, line);
    if (keyTable && content.startsWith('|')) {
      if (!/^\|[\s|:-]+\|$/.test(content.trim()))
        for (const match of (content.split('|')[1] ?? '').matchAll(/`([^`]+)`/g))
          add(lastStore ?? '(no store named)', match[1]!, line);
      return;
    }
    keyTable = /^\|\s*key\s*\|/.test(content);
    const stores = [...content.matchAll(/(?:`([\w.-]+)` store|store `([\w.-]+)`)/g)];
    if (stores.length) lastStore = stores.at(-1)![1] ?? stores.at(-1)![2];
  });
  return found;
}

/** The code a document places in a file: "`NAME` in `path`" or "`A`, `B` in `path`", a path of the repository's code. */
export function placedNames(
  document: Document,
): Array<{ name: string; path: string; line: number }> {
  return paragraphs(document)
    .filter((paragraph) => !paragraph.code)
    .flatMap((paragraph) =>
      [
        ...paragraph.text.matchAll(
          /((?:`[A-Za-z_$][\w$]*`(?:,? (?:and )?)?)+) in `((?:src|scripts|studio|tests)\/[^`]+\.tsx?)`/g,
        ),
      ].flatMap((match) =>
        [...match[1]!.matchAll(/`([^`]+)`/g)].map((name) => ({
          name: name[1]!,
          path: match[2]!,
          line: paragraph.line,
        })),
      ),
    );
}

/** Whether `source` declares `name` itself (a declaration, or a property of a config object), not only re-exports it. */
export function declares(source: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(
    `\\b(?:const|let|var|function\\*?|class|interface|type|enum)\\s+${escaped}\\b|^\\s*${escaped}\\s*:`,
    'm',
  ).test(source);
}
