/**
 * The documentation's links, read the way GitHub renders them: every relative link must name a file
 * of the repository, and every `#anchor` a heading of the target file (GitHub's heading slugs).
 * A small reader, not a full Markdown parser: fenced code blocks and inline code are skipped, and the
 * link forms the documents use are recognised (inline links and images, reference definitions,
 * `<img src>`/`<a href>` in HTML, autolinks).
 */
import { posix } from 'node:path';
import GithubSlugger from 'github-slugger';

export interface Heading {
  level: number;
  /** As written, inline code and links included. */
  raw: string;
  slug: string;
}

export interface Link {
  target: string;
  line: number;
}

export interface LinkProblem {
  file: string;
  line: number;
  target: string;
  reason: string;
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/** The lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fence: string | undefined;
  text.split('\n').forEach((content, index) => {
    const opening = FENCE.exec(content)?.[1];
    if (fence === undefined && opening !== undefined) {
      fence = opening;
      return;
    }
    if (fence !== undefined) {
      if (
        opening !== undefined &&
        opening[0] === fence[0] &&
        opening.length >= fence.length &&
        content.trim() === opening
      )
        fence = undefined;
      return;
    }
    lines.push({ line: index + 1, text: content });
  });
  return lines;
}

/** Inline code spans, replaced by their text without the backticks (links inside them are not links). */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)([\s\S]*?)\1/g, (_span, _ticks, code: string) =>
    code.replace(/[[\]()<>]/g, ' '),
  );
}

/** The text GitHub slugs a heading from: link text instead of links, no backticks, tags or emphasis. */
export function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\*+/g, '')
    .trim();
}

export function headings(text: string): Heading[] {
  const slugger = new GithubSlugger();
  return proseLines(text).flatMap(({ text: line }) => {
    const match = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!match?.[1] || match[2] === undefined) return [];
    return [{ level: match[1].length, raw: match[2], slug: slugger.slug(headingText(match[2])) }];
  });
}

/** Anchors a file offers: its headings' slugs and any explicit `id`/`name` in its HTML. */
export function anchors(text: string): Set<string> {
  const found = new Set(headings(text).map((heading) => heading.slug));
  for (const { text: line } of proseLines(text)) {
    for (const match of line.matchAll(/<[a-z][^>]*?\b(?:id|name)="([^"]+)"/gi))
      if (match[1]) found.add(match[1]);
  }
  return found;
}

/**
 * Paragraphs of prose (runs of lines outside code blocks, up to a blank line), with the number of
 * their first line: a link's text, like a code span, may wrap onto the next line of its paragraph.
 */
function paragraphs(text: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  let current: { line: number; lines: string[] } | undefined;
  let previous = 0;
  const close = () => {
    if (current) found.push({ line: current.line, text: current.lines.join('\n') });
    current = undefined;
  };
  for (const { line, text: content } of proseLines(text)) {
    if (content.trim() === '' || line !== previous + 1) close();
    previous = line;
    if (content.trim() === '') continue;
    if (current) current.lines.push(content);
    else current = { line, lines: [content] };
  }
  close();
  return found;
}

export function links(text: string): Link[] {
  const found: Array<Link & { at: number }> = [];
  for (const paragraph of paragraphs(text)) {
    const content = withoutCodeSpans(paragraph.text);
    const push = (target: string | undefined, at: number | undefined) => {
      if (target === undefined) return;
      const line = paragraph.line + (content.slice(0, at ?? 0).match(/\n/g) ?? []).length;
      found.push({ target, line, at: line * 1e6 + (at ?? 0) });
    };
    for (const match of content.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
      push(match[1] ?? '', match.index);
    for (const match of content.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm))
      push(match[1], match.index);
    for (const match of content.matchAll(
      /<(?:img|a|source)\b[^>]*?\b(?:src|href|srcset)="([^"]+)"/gi,
    ))
      push(match[1], match.index);
    for (const match of content.matchAll(/<((?:https?|mailto):[^>\s]+)>/gi))
      push(match[1], match.index);
  }
  return found.sort((a, b) => a.at - b.at).map(({ target, line }) => ({ target, line }));
}

/** An address of the repository's own files on GitHub: documents must link those relatively. */
const REPOSITORY_FILE_URL =
  /^https?:\/\/(?:www\.)?(?:github\.com\/[^/]+\/[^/]+\/(?:blob|tree|raw|edit)\/|raw\.githubusercontent\.com\/)/i;

/** The repository as the check sees it: paths relative to its root, separated by `/`. */
export interface Repository {
  /** A file or folder of that path exists. */
  exists(path: string): boolean;
  isDirectory(path: string): boolean;
  /** A file's text; only asked for files that exist. */
  read(path: string): string;
}

/** Every broken link of the given documents (paths relative to the repository's root). */
export function linkProblems(documents: string[], repository: Repository): LinkProblem[] {
  const read = (path: string) => repository.read(path);
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (path: string) => {
    let set = anchorCache.get(path);
    if (!set) anchorCache.set(path, (set = anchors(read(path))));
    return set;
  };
  const problems: LinkProblem[] = [];
  for (const file of documents) {
    for (const { target, line } of links(read(file))) {
      const problem = (reason: string) => problems.push({ file, line, target, reason });
      if (target === '') {
        problem('empty link');
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
        if (REPOSITORY_FILE_URL.test(target))
          problem('absolute link to a repository file: link it relatively');
        continue;
      }
      if (target.startsWith('/')) {
        problem('root-relative link: write it relative to this file');
        continue;
      }
      const hashAt = target.indexOf('#');
      const pathPart = hashAt === -1 ? target : target.slice(0, hashAt);
      const anchor = hashAt === -1 ? undefined : decodeURIComponent(target.slice(hashAt + 1));
      const resolved =
        pathPart === ''
          ? file
          : posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(pathPart)));
      if (resolved.split('/')[0] === '..') {
        problem('points outside the repository');
        continue;
      }
      if (!repository.exists(resolved)) {
        problem(`no such file: ${resolved}`);
        continue;
      }
      if (anchor === undefined) continue;
      if (repository.isDirectory(resolved) || !resolved.endsWith('.md')) {
        problem('an anchor into something that is not a Markdown file');
        continue;
      }
      if (!anchorsOf(resolved).has(anchor))
        problem(`no heading with the anchor #${anchor} in ${resolved}`);
    }
  }
  return problems;
}
