import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_ROTATION_MS,
  COMING_SOON_BACKGROUNDS,
  nextBackgroundIndex,
} from '../../../src/lib/ui/rotating-background.ts';
import {
  EMAIL_ERROR_TEXT,
  EMAIL_SUCCESS_TEXT,
  emailFieldError,
  isValidEmail,
} from '../../../src/lib/coming-soon/stay-updated.ts';
import { existsSync } from 'node:fs';

describe('rotating background (docs/behaviour.md §4, §9)', () => {
  it('has six existing images and a 5 s period', () => {
    expect(BACKGROUND_ROTATION_MS).toBe(5000);
    expect(COMING_SOON_BACKGROUNDS).toHaveLength(6);
    for (const src of COMING_SOON_BACKGROUNDS) expect(existsSync(`public${src}`)).toBe(true);
  });
  it('advances and wraps round', () => {
    expect(nextBackgroundIndex(0, 6)).toBe(1);
    expect(nextBackgroundIndex(5, 6)).toBe(0);
    expect(nextBackgroundIndex(0, 0)).toBe(0);
  });
});

describe("coming-soon 'Stay Updated' email (docs/behaviour.md §5)", () => {
  it('accepts a valid address', () => {
    expect(isValidEmail('fan@school.edu')).toBe(true);
    expect(emailFieldError('fan@school.edu', true)).toBeNull();
  });
  it('shows the error only once touched', () => {
    expect(emailFieldError('', false)).toBeNull();
    expect(emailFieldError('nope', false)).toBeNull();
    expect(emailFieldError('', true)).toBe('Please enter a valid email address.');
    expect(emailFieldError('fan@school', true)).toBe(EMAIL_ERROR_TEXT);
    expect(emailFieldError('fan school@x.edu', true)).toBe(EMAIL_ERROR_TEXT);
  });
  it('keeps the unused success text', () => {
    expect(EMAIL_SUCCESS_TEXT).toBe('Thanks for registering, our team will get back to you.');
  });
});

describe('email rule', () => {
  it('is the same rule as the giveaway form', async () => {
    const { EMAIL_PATTERN } = await import('../../../src/lib/giveaway/entry-rules.ts');
    const { isValidEmail } = await import('../../../src/lib/coming-soon/stay-updated.ts');
    for (const value of ['fan@school.edu', 'fan@school', 'fan school@x.edu', 'a@b.c', '@x.y']) {
      expect(isValidEmail(value)).toBe(EMAIL_PATTERN.test(value));
    }
  });
});
