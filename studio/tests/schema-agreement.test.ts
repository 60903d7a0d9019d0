/**
 * The Studio schema and the build's zod schemas describe the same documents: the same types,
 * and in each type the same fields (nested ones too) of the same kind.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  schoolSchema,
  siteSettingsSchema,
  tenantDocumentSchemas,
} from '../../src/lib/content/schemas.ts';
import { SCHOOL_DOCUMENT_TYPES, SINGLETON_TYPES } from '../schemaTypes/index.ts';
import { shapeDifferences, studioShape, zodShape } from './schema-shape.ts';
import { studioSchema } from './studio-validation.ts';

const zodDocuments: Record<string, z.ZodType> = {
  school: schoolSchema,
  siteSettings: siteSettingsSchema,
  ...tenantDocumentSchemas,
};
// Sanity's own asset documents (sanity.imageAsset…) are not content.
const studioDocumentTypes = studioSchema
  .getTypeNames()
  .filter(
    (name) => !name.startsWith('sanity.') && studioSchema.get(name)?.type?.name === 'document',
  );

describe('Studio schema agrees with the build (src/lib/content/schemas.ts)', () => {
  it('has a document type for every type the build reads, and no other', () => {
    expect([...studioDocumentTypes].sort()).toEqual(Object.keys(zodDocuments).sort());
  });

  it('lists every per-school type in the school folders, and the settings as a singleton', () => {
    expect(SCHOOL_DOCUMENT_TYPES.map((type) => type.name).sort()).toEqual(
      Object.keys(tenantDocumentSchemas).sort(),
    );
    expect(SINGLETON_TYPES).toEqual(['siteSettings']);
  });

  for (const [name, schema] of Object.entries(zodDocuments)) {
    it(`${name}: same fields, same kinds`, () => {
      const studioType = studioSchema.get(name);
      expect(studioType, `Studio type ${name}`).toBeDefined();
      expect(shapeDifferences(zodShape(schema), studioShape(studioType as never))).toEqual([]);
    });
  }

  it('is what the publish webhook in docs/deploying.md filters on', () => {
    const row = readFileSync(new URL('../../docs/deploying.md', import.meta.url), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| filter |'));
    const listed = JSON.parse(/_type in (\[[^\]]*\])/.exec(row ?? '')?.[1] ?? '[]') as string[];
    expect(listed.sort()).toEqual([...studioDocumentTypes].sort());
  });

  it('notices a field that exists on one side only', () => {
    const faqs = tenantDocumentSchemas.faqs;
    const withExtra = faqs.extend({ brandColor: z.string().optional() });
    const studioFaqs = studioShape(studioSchema.get('faqs') as never);
    expect(shapeDifferences(zodShape(withExtra), studioFaqs)).toEqual([
      "brandColor: in the build's zod schema only",
    ]);
    const withoutTitle = faqs.omit({ title: true });
    expect(shapeDifferences(zodShape(withoutTitle), studioFaqs)).toEqual([
      'title: in the Studio schema only',
    ]);
    const nested = faqs.extend({
      faqs: z.array(z.object({ question: z.string(), answer: z.string(), extra: z.number() })),
    });
    expect(shapeDifferences(zodShape(nested), studioFaqs)).toEqual([
      "faqs[].extra: in the build's zod schema only",
    ]);
  });
});
