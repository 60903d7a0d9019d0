/**
 * Click-to-edit on the preview site names the document a shown value is edited in: a value a
 * school inherits is the product document's field, a value it overrides (or a list it owns) its own
 * document's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupContent } from '../../../src/lib/content/group.ts';
import { readNdjson } from '../../../src/lib/content/local.ts';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import { splitBuildContent } from '../../../src/lib/content/queries.ts';
import {
  fieldEdit,
  type EditAttribute,
  type FieldPath,
} from '../../../src/lib/views/edit-target.ts';

const grouped = groupContent(
  splitBuildContent(
    applyPerspective(
      readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson'),
      'published',
    ) as never,
  ),
);
const content = (key: string) => grouped.schools.find(({ school }) => school.key === key)!;
/** The attribute maker, writing what it was asked for. */
const editAttribute: EditAttribute = (doc, path: FieldPath) =>
  `${doc._id}:${doc._type}:${JSON.stringify(path)}`;

describe('what an element of a school page opens in the Studio', () => {
  it('opens the product document for inherited text, at the same path', () => {
    const faqs = content('beavsmobile').documents.faqs[0]!;
    const first = faqs.faqs[0]!;
    expect(fieldEdit({ editAttribute }, faqs)?.('faqs', { _key: first._key! }, 'question')).toBe(
      `product-faqs:faqs:${JSON.stringify(['faqs', { _key: first._key }, 'question'])}`,
    );
    expect(fieldEdit({ editAttribute }, faqs)?.('title')).toBe('product-faqs:faqs:["title"]');
  });

  it("opens the school's own document for what it overrides, and for a list it owns", () => {
    const header = content('beavsmobile').documents.landingHeader[0]!;
    expect(fieldEdit({ editAttribute }, header)?.('title')).toBe(
      'beavsmobile-landingHeader:landingHeader:["title"]',
    );
    // A section's own name for a field (`heading` shows `title`) maps first.
    expect(fieldEdit({ editAttribute }, header, { heading: 'title' })?.('heading')).toBe(
      'beavsmobile-landingHeader:landingHeader:["title"]',
    );
    const funds = content('beavsmobile').documents.givebackFunds[0]!;
    const fund = funds.funds[0]!;
    expect(fieldEdit({ editAttribute }, funds)?.('funds', { _key: fund._key! }, 'fundName')).toBe(
      `beavsmobile-givebackFunds:givebackFunds:${JSON.stringify(['funds', { _key: fund._key }, 'fundName'])}`,
    );
  });

  it('adds nothing on the public site', () => {
    expect(fieldEdit({}, content('beavsmobile').documents.faqs[0])).toBeUndefined();
  });
});
