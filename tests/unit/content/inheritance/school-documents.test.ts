/**
 * The build's reading of the product layer (groupContent): a school's documents resolved against
 * the product documents before zod sees them; what stops a live school, and what is reported.
 */
import { describe, expect, it } from 'vitest';
import { ContentError, groupContent, PRODUCT_PROBLEMS } from '../../../../src/lib/content/group.ts';
import {
  INHERITED_TYPES,
  PRODUCT_ID_PREFIX,
  productDocumentId,
} from '../../../../src/lib/content/inheritance/index.ts';
import { SCHOOL_PAGE_CONTENT_QUERY } from '../../../../src/lib/content/queries.ts';
import { TENANT_DOCUMENT_TYPES } from '../../../../src/lib/content/schemas.ts';

const settings = {
  _id: 'siteSettings',
  _type: 'siteSettings',
  productName: 'K1 Mobile',
  carrierLine: 'On the nation’s largest 5G network',
  activeGiveawayIds: ['g1'],
  hiddenEnterGiveawayIds: [],
  mainSiteUrl: 'https://www.k1mobile.example',
};
const image = (name: string) => ({ _type: 'image', _sanityAsset: `image@file://./images/${name}` });
const schoolDoc = (status?: string) => ({
  _id: 'school-huskymobile',
  _type: 'school',
  key: 'huskymobile',
  seoSlug: 'uw-husky-mobile',
  baseName: 'Husky Mobile',
  schoolShort: 'UW',
  mascotNation: 'Husky Nation',
  schoolName: 'University of Washington',
  favicon: image('huskymobile-favicon-64x64.svg'),
  logo: image('huskymobile-logo-240x80.svg'),
  ...(status ? { status } : {}),
});
const school = { _type: 'reference', _ref: 'school-huskymobile' };
const productFaqs = {
  _id: 'product-faqs',
  _type: 'faqs',
  title: 'Questions',
  subHeader: 'Everything about {baseName}',
  seeMoreButtonText: 'See more',
  seeMoreButtonLink: 'https://support.k1mobile.example/{key}/faq',
  supportButtonText: 'Contact support',
  supportButtonLink: 'https://support.k1mobile.example/{key}',
  faqs: [
    { _key: 'q1', question: 'What network does {baseName} use?', answer: 'The largest 5G one.' },
    { _key: 'q2', question: 'Can I keep my number?', answer: 'Yes.' },
  ],
};
const huskyFaqs = (fields: Record<string, unknown> = {}) => ({
  _id: 'huskymobile-faqs',
  _type: 'faqs',
  school,
  ...fields,
});
const group = (documents: unknown[], status?: string) =>
  groupContent({ schools: [schoolDoc(status)], settings, documents });
const faqsOf = (grouped: ReturnType<typeof group>) => grouped.schools[0]!.documents.faqs;

describe('the build reads each school through the product layer', () => {
  it('knows every per-school type, and the preview query finds product documents by their id', () => {
    expect([...INHERITED_TYPES].sort()).toEqual([...TENANT_DOCUMENT_TYPES].sort());
    expect(SCHOOL_PAGE_CONTENT_QUERY).toContain(`string::startsWith(_id, "${PRODUCT_ID_PREFIX}")`);
    expect(productDocumentId('planCards', 'fan')).toBe('product-planCards-fan');
  });

  it('validates the resolved document: the school’s overrides over the product’s values, its words put in', () => {
    const grouped = group([
      productFaqs,
      huskyFaqs({ faqs: [{ _key: 'q2', answer: 'Yes, in minutes.' }] }),
    ]);
    expect(grouped.problems.filter((problem) => problem.documentType === 'faqs')).toEqual([]);
    expect(faqsOf(grouped)).toEqual([
      expect.objectContaining({
        _id: 'huskymobile-faqs',
        subHeader: 'Everything about Husky Mobile',
        seeMoreButtonLink: 'https://support.k1mobile.example/huskymobile/faq',
        faqs: [
          {
            _key: 'q1',
            question: 'What network does Husky Mobile use?',
            answer: 'The largest 5G one.',
          },
          { _key: 'q2', question: 'Can I keep my number?', answer: 'Yes, in minutes.' },
        ],
      }),
    ]);
  });

  it('gives a school without a document of a type the product’s, under the product’s id', () => {
    expect(faqsOf(group([productFaqs]))).toEqual([
      expect.objectContaining({
        _id: 'product-faqs',
        school,
        subHeader: 'Everything about Husky Mobile',
      }),
    ]);
  });

  it('stops for a live school whose document is incomplete without its missing product document, naming both', () => {
    const run = () => group([huskyFaqs({ title: 'Only a title' })]);
    expect(run).toThrow(ContentError);
    expect(run).toThrow(
      /School huskymobile \(live\) cannot be published: huskymobile-faqs: no product document product-faqs \(faqs\)/,
    );
  });

  it('reports it for a school being prepared, and leaves the document out', () => {
    const grouped = group([huskyFaqs({ title: 'Only a title' })], 'preparing');
    expect(faqsOf(grouped)).toEqual([]);
    const problem = grouped.problems.find((found) => found.documentId === 'huskymobile-faqs');
    expect(problem?.school).toBe('huskymobile');
    expect(problem?.reason).toContain('no product document product-faqs');
  });

  it('reads a school’s whole document alone where there is no product document (a dataset not migrated yet)', () => {
    const whole = huskyFaqs({ ...productFaqs, _id: 'huskymobile-faqs', school });
    const grouped = group([whole]);
    expect(grouped.problems.filter((problem) => problem.documentType === 'faqs')).toEqual([]);
    expect(faqsOf(grouped)[0]?.seeMoreButtonLink).toBe(
      'https://support.k1mobile.example/huskymobile/faq',
    );
  });

  it('stops on an unknown placeholder in a product document, naming the document and the field', () => {
    const broken = { ...productFaqs, title: 'Questions from {coach}' };
    expect(() => group([broken, huskyFaqs()])).toThrow(
      'Product documents: product-faqs field title: unknown placeholder {coach}',
    );
  });

  it('stops a live school whose override has an unknown placeholder, or a word it does not have', () => {
    expect(() => group([productFaqs, huskyFaqs({ title: 'Hi {Basename}' })])).toThrow(
      /huskymobile-faqs field title: unknown placeholder \{Basename\}/,
    );
    expect(() => group([productFaqs, huskyFaqs({ title: 'Hi {city}' })])).toThrow(
      /huskymobile-faqs field title: \{city\} has nothing to fill it/,
    );
  });

  it('reports a product document whose id is not its type’s and variant’s, and does not use it', () => {
    const misnamed = {
      ...productFaqs,
      _id: 'product-planCards-fan',
      _type: 'planCards',
      customerType: 'student',
      plans: [],
    };
    const grouped = group([productFaqs, misnamed]);
    const problem = grouped.problems.find((found) => found.documentId === 'product-planCards-fan');
    expect(problem?.school).toBe(PRODUCT_PROBLEMS);
    expect(problem?.reason).toContain('has the id product-planCards-student');
    expect(grouped.schools[0]!.documents.planCards).toEqual([]);
  });

  it('reports an item of the school’s list that the product’s list lacks, and leaves it out', () => {
    const grouped = group([
      productFaqs,
      huskyFaqs({ faqs: [{ _key: 'gone', question: 'Old?', answer: 'Removed.' }] }),
    ]);
    expect(faqsOf(grouped)[0]?.faqs.map((faq) => faq._key)).toEqual(['q1', 'q2']);
    expect(grouped.problems).toContainEqual(
      expect.objectContaining({
        school: 'huskymobile',
        documentId: 'huskymobile-faqs',
        field: 'faqs[_key=="gone"]',
      }),
    );
  });
});
