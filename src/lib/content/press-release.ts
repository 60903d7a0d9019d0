/**
 * The press release's content sections (docs/behaviour.md §2 Newsroom) as render-ready blocks, in order.
 * A section of an unknown type, or a known type without its text, is skipped and returned
 * as a content problem: the build reports it and the page renders without it.
 */
import type { ContentProblem } from './problems.ts';
import type { TenantDocuments } from './schemas.ts';
import { externalLink, type ResolvedLink } from '../links/classify.ts';

type PressRelease = TenantDocuments['pressRelease'];
type PressSection = PressRelease['sections'][number];

export const PRESS_SECTION_TYPES = [
  'mainHeading',
  'subHeading',
  'paragraph',
  'unorderedList',
  'contactLink',
] as const;
export type PressSectionType = (typeof PRESS_SECTION_TYPES)[number];

export type PressBlock =
  | { kind: 'mainHeading' | 'subHeading' | 'paragraph'; key: string; text: string }
  | { kind: 'unorderedList'; key: string; items: string[] }
  /** `link` is absent when the address is missing or unsafe: the label is then shown as text. */
  | { kind: 'contactLink'; key: string; label: string; link?: ResolvedLink };

export interface PressReleaseView {
  blocks: PressBlock[];
  /** Shown instead of the release when it has no sections (e.g. 'Coming soon....'). */
  placeholder?: string;
  problems: ContentProblem[];
}

const isKnownType = (type: string): type is PressSectionType =>
  (PRESS_SECTION_TYPES as readonly string[]).includes(type);
const filled = (value: string | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

function toBlock(section: PressSection, key: string): PressBlock | string {
  if (!isKnownType(section._type)) return `unknown type "${section._type}"`;
  switch (section._type) {
    case 'unorderedList': {
      const items = (section.items ?? []).filter(filled);
      return items.length ? { kind: 'unorderedList', key, items } : 'unorderedList has no items';
    }
    case 'contactLink': {
      const label = filled(section.label) ? section.label : section.text;
      if (!filled(label)) return 'contactLink has no label';
      const link = externalLink(section.href);
      return link ? { kind: 'contactLink', key, label, link } : { kind: 'contactLink', key, label };
    }
    default:
      return filled(section.text)
        ? { kind: section._type, key, text: section.text }
        : `${section._type} has no text`;
  }
}

export function pressReleaseView(school: string, doc: PressRelease): PressReleaseView {
  const blocks: PressBlock[] = [];
  const problems: ContentProblem[] = [];
  doc.sections.forEach((section, index) => {
    const key = section._key ?? `section-${index}`;
    const block = toBlock(section, key);
    if (typeof block === 'string') {
      problems.push({
        school,
        documentType: 'pressRelease',
        documentId: doc._id,
        reason: `section ${key} (${section._type}) skipped: ${block}`,
      });
    } else {
      blocks.push(block);
    }
  });
  const placeholder = blocks.length === 0 && filled(doc.placeholder) ? doc.placeholder : undefined;
  return { blocks, ...(placeholder ? { placeholder } : {}), problems };
}
