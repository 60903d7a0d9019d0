import { describe, expect, it } from 'vitest';
import { barePageHead, schoolPageHead } from '../../../src/lib/seo/page-head.ts';

const operator = { productName: 'School Mobile', mainSiteUrl: 'https://main.example' };

describe('schoolPageHead', () => {
  it('titles, describes and points the canonical at the page from the school names alone', () => {
    const head = schoolPageHead({
      school: {
        product: 'Husky Mobile',
        schoolName: 'University of Washington',
        seoSlug: 'uw-husky-mobile',
      },
      operator,
      route: 'why',
      siteUrl: 'https://site.example/',
      path: '/uw-husky-mobile/why/',
      logoUrl: '/content-images/logo.svg',
    });
    expect(head.title).toBe('Why Husky Mobile?');
    expect(head.description).toContain('University of Washington');
    expect(head.canonical).toBe('https://site.example/uw-husky-mobile/why');
    expect(head.noindex).toBe(false);
    expect(head.jsonLd).toMatchObject({
      name: 'Husky Mobile',
      url: 'https://site.example/uw-husky-mobile',
      logo: 'https://site.example/content-images/logo.svg',
      parentOrganization: { name: 'School Mobile', url: 'https://main.example' },
    });
  });

  it('marks the confirmation page noindex', () => {
    const head = schoolPageHead({
      school: { product: 'Husky Mobile', schoolName: 'UW', seoSlug: 'uw-husky-mobile' },
      operator,
      route: 'giveaway-confirmation',
      siteUrl: 'https://site.example',
      path: '/uw-husky-mobile/giveaway-confirmation',
    });
    expect(head.noindex).toBe(true);
  });
});

describe('barePageHead', () => {
  it('names the operator as the organisation', () => {
    const head = barePageHead({
      settings: operator,
      siteUrl: 'https://site.example',
      path: '/search',
      title: 'Search',
      description: 'd',
    });
    expect(head.jsonLd).toMatchObject({ name: 'School Mobile', url: 'https://site.example' });
    expect(head.canonical).toBe('https://site.example/search');
  });
});
