import { describe, expect, it } from 'vitest';
import { SCHOOL_ROUTES, schoolPath, schoolRoute } from '../../../src/lib/route-table/routes.ts';

describe('school route table', () => {
  it('has one route per page name, each with its own path', () => {
    const names = SCHOOL_ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(SCHOOL_ROUTES.map((route) => route.path)).size).toBe(names.length);
  });

  it('keeps the confirmation and closed pages out of search engines, and no other page', () => {
    expect(
      SCHOOL_ROUTES.filter((route) => route.noindex)
        .map((route) => route.name)
        .sort(),
    ).toEqual(['giveaway-closed', 'giveaway-confirmation']);
  });

  it('names the page for analytics and titles it with the product', () => {
    const names = { product: 'Husky Mobile', schoolName: 'University of Washington' };
    expect(schoolRoute('student').pageName).toBe('Student Plans');
    expect(schoolRoute('landing').title(names)).toBe('Husky Mobile – Your School, Your Plan');
    expect(schoolRoute('giveaway-entry').title(names)).toBe('Husky Mobile');
  });

  it('refuses a route it does not know', () => {
    expect(() => schoolRoute('nope' as never)).toThrow(/Unknown route nope/);
  });

  it('builds /{seoSlug}/{path} without a trailing slash', () => {
    expect(schoolPath('uw-husky-mobile')).toBe('/uw-husky-mobile');
    expect(schoolPath('uw-husky-mobile', '/why/')).toBe('/uw-husky-mobile/why');
    expect(schoolPath('uw-husky-mobile', 'giveaway-entry/abc')).toBe(
      '/uw-husky-mobile/giveaway-entry/abc',
    );
  });
});
