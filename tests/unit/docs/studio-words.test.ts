/**
 * docs/editors.md quotes the Studio's inheritance panels (studio/inheritance/inheritance-words.ts,
 * the one place their words are written): every button and badge it names in bold is one the
 * Studio shows, so a renamed button fails here until the editors' guide follows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORDS } from '../../../studio/inheritance/inheritance-words.ts';

const editors = readFileSync(new URL('../../../docs/editors.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);

describe("the editors' guide names the inheritance panels' words", () => {
  it.each([
    ['a school field', WORDS.inherited],
    ['a school field', WORDS.overridden],
    ['a school field', WORDS.override],
    ['a school field', WORDS.reset],
    ['a school list', WORDS.listOthers(2)],
    ['a school list', WORDS.owned],
    ['a product field', WORDS.sharedBy(4)],
    ['a product field', WORDS.overriddenBy(2)],
    ['a product field', WORDS.showSchools(12)],
    ['click-to-edit', WORDS.sharedBy(6)],
    ['click-to-edit', WORDS.overrideInstead('Husky Mobile')],
  ])('%s: **%s**', (_where, words) => {
    expect(editors).toContain(`**${words}**`);
  });
});
