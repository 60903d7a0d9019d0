import { describe, expect, it } from 'vitest';
import { sitePath } from '../../../src/lib/preview/redirect-path.ts';

describe('where draft mode may redirect: a path of this site only', () => {
  it('keeps a path with its query and fragment', () => {
    expect(sitePath('/uw-husky-mobile/student')).toBe('/uw-husky-mobile/student');
    expect(sitePath('/uw-husky-mobile?sanity-preview-perspective=drafts#faq')).toBe('/uw-husky-mobile?sanity-preview-perspective=drafts#faq');
    expect(sitePath('/a/../b')).toBe('/b');
  });

  it.each([
    'https://evil.example/x', 'http://evil.example', '//evil.example/x', '///evil.example', '/\\evil.example', '\\\\evil.example',
    'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'evil.example', '', '/\tjavascript:x', '/x\ny', ' /x',
  ])('sends %j to the root instead', (target) => {
    expect(sitePath(target)).toBe('/');
  });

  it('sends a missing target to the root', () => {
    expect(sitePath(undefined)).toBe('/');
    expect(sitePath(null)).toBe('/');
  });
});
