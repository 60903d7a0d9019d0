/**
 * Facts the documents state that the code decides: the Node version, the local stack's ports and
 * the Netlify functions' HTTP methods. `factProblems` reads every statement of them in a set of
 * Markdown files and names each one that disagrees with the facts read from the code, by file and
 * line. A small reader, not a Markdown parser: prose is read sentence by sentence (a sentence may
 * run over several lines), table rows and lines of code blocks one by one.
 */

export interface Document {
  path: string;
  text: string;
}

export interface FactProblem {
  file: string;
  line: number;
  /** What the document says, as written. */
  says: string;
  reason: string;
}

export interface NodeFacts {
  /** The least Node the code runs on: package.json `engines.node` (">=22.18" → [22, 18]). */
  floor: readonly [number, number];
  /** The major version the scripts install, CI and Netlify run. */
  runs: number;
}

export type PortRole = 'site' | 'local API' | 'preview site' | 'preview API' | 'Studio';

export interface PortFacts {
  ports: Readonly<Record<PortRole, number>>;
  /** Setting name → the role whose port it sets (`PORT` → site). */
  settings: Readonly<Record<string, PortRole>>;
}

export interface MethodFacts {
  /** Function name (its file in src/functions) → the methods it accepts (`any`: whatever is sent). */
  methods: Readonly<Record<string, readonly string[] | 'any'>>;
  /** Other words that name a function in prose ("freshness check" → freshness-check). */
  aliases?: Readonly<Record<string, string>>;
}

export interface Facts {
  node: NodeFacts;
  ports: PortFacts;
  functions: MethodFacts;
}

/** A stretch of a document read as one statement, with the line each of its characters is on. */
interface Passage {
  file: string;
  text: string;
  lineAt: (index: number) => number;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const STARTS_BLOCK = /^\s*(?:[*+-]\s|\d+\.\s|#{1,6}\s|>|<)/;

/** Prose paragraphs (and list items), table rows and code lines, each as one passage. */
function passages(document: Document): Passage[] {
  const found: Passage[] = [];
  let prose: Array<{ line: number; text: string }> = [];
  const flush = () => {
    if (prose.length === 0) return;
    const starts: Array<{ offset: number; line: number }> = [];
    let text = '';
    for (const part of prose) {
      if (text) text += ' ';
      starts.push({ offset: text.length, line: part.line });
      text += part.text.trim();
    }
    found.push({
      file: document.path,
      text,
      lineAt: (index) =>
        starts.filter((start) => start.offset <= index).at(-1)?.line ?? prose[0]!.line,
    });
    prose = [];
  };
  const single = (line: number, text: string) =>
    found.push({ file: document.path, text, lineAt: () => line });

  let fence: string | undefined;
  document.text.split('\n').forEach((content, index) => {
    const line = index + 1;
    const opening = FENCE.exec(content)?.[1];
    if (fence !== undefined) {
      if (
        opening !== undefined &&
        opening[0] === fence[0] &&
        opening.length >= fence.length &&
        content.trim() === opening
      )
        fence = undefined;
      else single(line, content);
      return;
    }
    if (opening !== undefined) {
      flush();
      fence = opening;
      return;
    }
    if (content.trim() === '') return flush();
    if (content.trimStart().startsWith('|')) {
      flush();
      return single(line, content);
    }
    if (STARTS_BLOCK.test(content)) flush();
    prose.push({ line, text: content });
  });
  flush();
  return found;
}

/** A passage cut into sentences (at ". ", "; ", the cells of a table row, and with `colons` ": "), keeping offsets. */
function sentences(passage: Passage, colons = true): Array<{ text: string; start: number }> {
  const parts: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (const match of passage.text.matchAll(colons ? /[.;:](?=\s)|\|/g : /[.;](?=\s)|\|/g)) {
    const end = match.index + match[0].length;
    parts.push({ text: passage.text.slice(start, end), start });
    start = end;
  }
  parts.push({ text: passage.text.slice(start), start });
  return parts.filter((part) => part.text.trim() !== '');
}

const version = (major: number, minor: number) => `${major}.${minor}`;

/** "Node 24", "Node 22.18", "Node.js v22.18.0", "Node 22.18+"; `node@24`; ">=22.18" near "Node" or "engines". */
function nodeProblems(passage: Passage, facts: NodeFacts): FactProblem[] {
  const problems: FactProblem[] = [];
  const floor = version(...facts.floor);
  const where = `package.json engines: >=${floor}`;
  const runs = `the scripts install, CI and Netlify run Node ${facts.runs} (scripts/lib/toolchain.sh, netlify.toml)`;
  const add = (index: number, says: string, reason: string) =>
    problems.push({ file: passage.file, line: passage.lineAt(index), says, reason });

  for (const match of passage.text.matchAll(/\bNode(?:\.js)?\s+v?(\d+)(?:\.(\d+))?(?:\.\d+)?/g)) {
    const major = Number(match[1]);
    if (match[2] !== undefined) {
      const stated = version(major, Number(match[2]));
      if (stated !== floor)
        add(match.index, match[0], `the least Node the code needs is ${floor} (${where})`);
    } else if (major !== facts.runs) {
      add(match.index, match[0], `${runs}; the least it needs is ${floor} (${where})`);
    }
  }
  for (const match of passage.text.matchAll(/\bnode@(\d+)/g)) {
    if (Number(match[1]) !== facts.runs) add(match.index, match[0], runs);
  }
  for (const sentence of sentences(passage, false)) {
    if (!/\bNode\b|\bengines\b/.test(sentence.text)) continue;
    for (const match of sentence.text.matchAll(/>=\s*v?(\d+)\.(\d+)/g)) {
      if (version(Number(match[1]), Number(match[2])) !== floor)
        add(
          sentence.start + match.index,
          match[0],
          `the least Node the code needs is ${floor} (${where})`,
        );
    }
  }
  return problems;
}

const LOCAL_ADDRESS = /\b(?:localhost|127\.0\.0\.1):(\d+)/g;

/** The role a clause gives the address at its end, from the nearest word before it that names one. */
function roleBefore(clause: string): PortRole | undefined {
  const words = [...clause.matchAll(/\bStudio\b|\bAPI\b|\bsite\b|\bserver\b|\bpreview\b/g)];
  const nearest = words.at(-1)?.[0];
  if (nearest === undefined) return undefined;
  const preview = /preview/i.test(clause.replace(/\bStudio's preview\b/g, ''));
  if (nearest === 'Studio') return 'Studio';
  if (nearest === 'API') return preview ? 'preview API' : 'local API';
  return preview ? 'preview site' : 'site';
}

/**
 * Every local address and port number must be one the code uses; a port named by its setting
 * (`PORT` (4321)) must be that setting's; an address whose clause names what serves it ("the Studio
 * at http://localhost:3333", "the editors' preview site at …") must be that one's port.
 */
function portProblems(passage: Passage, facts: PortFacts): FactProblem[] {
  const problems: FactProblem[] = [];
  const known = new Map(Object.entries(facts.ports).map(([role, port]) => [port, role]));
  const list = Object.entries(facts.ports)
    .map(([role, port]) => `${port} ${role}`)
    .join(', ');
  const add = (index: number, says: string, reason: string) =>
    problems.push({ file: passage.file, line: passage.lineAt(index), says, reason });

  for (const match of passage.text.matchAll(LOCAL_ADDRESS)) {
    const port = Number(match[1]);
    if (!known.has(port)) {
      add(
        match.index,
        match[0],
        `no part of the local stack uses port ${port} (the code's ports: ${list})`,
      );
      continue;
    }
    // The clause before the address: back to the last table cell, bracket, sentence or list separator.
    const before = passage.text.slice(0, match.index);
    const cut = Math.max(
      ...['|', '(', ';', ', ', '. ', ': ', '# '].map((mark) => {
        const at = before.lastIndexOf(mark);
        return at < 0 ? 0 : at + mark.length;
      }),
    );
    const role = roleBefore(before.slice(cut));
    if (role !== undefined && facts.ports[role] !== port)
      add(match.index, match[0], `the ${role} is on port ${facts.ports[role]}, not ${port}`);
  }
  for (const match of passage.text.matchAll(
    /`([A-Z_]+)`\s*\(`?(\d+)`?\)|\b([A-Z_]+)=(\d{2,5})\b/g,
  )) {
    const name = match[1] ?? match[3]!;
    const role = facts.settings[name];
    const port = Number(match[2] ?? match[4]);
    if (role !== undefined && facts.ports[role] !== port)
      add(match.index, match[0], `${name} defaults to ${facts.ports[role]} (the ${role})`);
  }
  for (const match of passage.text.matchAll(/\bports?\s+(\d{4,5})\b/g)) {
    const port = Number(match[1]);
    if (!known.has(port))
      add(
        match.index,
        match[0],
        `no part of the local stack uses port ${port} (the code's ports: ${list})`,
      );
  }
  return problems;
}

const METHOD = /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g;

/** In a sentence that names a function, each HTTP method must be one the nearest-named function accepts. */
function methodProblems(passage: Passage, facts: MethodFacts): FactProblem[] {
  const problems: FactProblem[] = [];
  const names = {
    ...Object.fromEntries(Object.keys(facts.methods).map((name) => [name, name])),
    ...facts.aliases,
  };
  const pattern = new RegExp(
    Object.keys(names)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  for (const sentence of sentences(passage)) {
    const mentions = [...sentence.text.matchAll(pattern)].map((match) => ({
      name: names[match[0]]!,
      at: match.index,
    }));
    if (mentions.length === 0) continue;
    for (const match of sentence.text.matchAll(METHOD)) {
      const nearest = mentions.reduce((best, mention) =>
        Math.abs(mention.at - match.index) < Math.abs(best.at - match.index) ? mention : best,
      );
      const accepted = facts.methods[nearest.name] ?? [];
      if (accepted !== 'any' && !accepted.includes(match[0])) {
        problems.push({
          file: passage.file,
          line: passage.lineAt(sentence.start + match.index),
          says: `${match[0]} (${nearest.name})`,
          reason: `src/functions/${nearest.name}.ts accepts only ${accepted.join(', ')}; any other method answers 405`,
        });
      }
    }
  }
  return problems;
}

export function factProblems(documents: readonly Document[], facts: Facts): FactProblem[] {
  return documents
    .flatMap((document) =>
      passages(document).flatMap((passage) => [
        ...nodeProblems(passage, facts.node),
        ...portProblems(passage, facts.ports),
        ...methodProblems(passage, facts.functions),
      ]),
    )
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** "docs/operations.md:74: says "GET (freshness-check)": …", one line per problem. */
export function problemLines(problems: readonly FactProblem[]): string[] {
  return problems.map(
    (problem) => `${problem.file}:${problem.line}: says "${problem.says}": ${problem.reason}`,
  );
}
