import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CTA_TEXT,
  carrierLine,
  faqItems,
  heroCta,
  planChoicePath,
} from '../../../src/lib/landing/sections.ts';

describe('heroCta', () => {
  it("defaults to 'Shop Plans' going to #plans", () => {
    expect(heroCta({})).toEqual({ text: DEFAULT_CTA_TEXT, href: '#plans', anchorId: 'plans' });
    expect(DEFAULT_CTA_TEXT).toBe('Shop Plans');
  });

  it('uses the content text and fragment, with or without the #', () => {
    expect(heroCta({ ctaText: 'See plans', ctaFragment: '#choose' })).toEqual({
      text: 'See plans',
      href: '#choose',
      anchorId: 'choose',
    });
    expect(heroCta({ ctaFragment: 'plans-2' }).href).toBe('#plans-2');
  });

  it('falls back to #plans for blank or unsafe fragments', () => {
    for (const ctaFragment of ['', '#', '  ', '#"><script>', '#1abc', 'a b']) {
      expect(heroCta({ ctaFragment }).anchorId).toBe('plans');
    }
    expect(heroCta({ ctaText: '   ' }).text).toBe(DEFAULT_CTA_TEXT);
  });
});

describe('carrierLine', () => {
  it("prefers the header's tmoHeader, else the site's carrier line", () => {
    expect(carrierLine('On our 5G', 'Default line')).toBe('On our 5G');
    expect(carrierLine(undefined, 'Default line')).toBe('Default line');
    expect(carrierLine('  ', 'Default line')).toBe('Default line');
  });
});

describe('planChoicePath', () => {
  it('maps the three choices to /{seo}/fan, /student, /faculty', () => {
    expect(planChoicePath('cubbymobile', 'fan')).toBe('/cubbymobile/fan');
    expect(planChoicePath('cubbymobile', 'student')).toBe('/cubbymobile/student');
    expect(planChoicePath('cubbymobile', 'faculty')).toBe('/cubbymobile/faculty');
  });
});

describe('faqItems', () => {
  it('numbers the expand events from 1', () => {
    const items = faqItems([
      { question: 'Q1', answer: 'A1' },
      { question: 'Q2', answer: 'A2' },
    ]);
    expect(items.map((item) => item.expandEvent)).toEqual([
      'landingpage.faq1expand',
      'landingpage.faq2expand',
    ]);
    expect(items[1]).toMatchObject({ question: 'Q2', answer: 'A2' });
  });
});
