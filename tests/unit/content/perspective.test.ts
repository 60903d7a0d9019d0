import { describe, expect, it } from 'vitest';
import { applyPerspective } from '../../../src/lib/content/perspective.ts';
import { contentPerspective, parseEnv } from '../../../src/lib/config/env.ts';

const published = { _id: 'a', _type: 'faqs', title: 'Published' };
const draft = { _id: 'drafts.a', _type: 'faqs', title: 'Draft' };
const draftOnly = { _id: 'drafts.b', _type: 'faqs', title: 'Draft only' };
const release = { _id: 'versions.r1.a', _type: 'faqs', title: 'In a release' };
const other = { _id: 'c', _type: 'whyHero', title: 'Untouched' };

describe('content perspectives', () => {
  it('published: drafts and release versions are not there', () => {
    expect(applyPerspective([published, draft, draftOnly, release, other], 'published')).toEqual([published, other]);
  });

  it('drafts: a draft replaces its published document under the published id; draft-only documents appear', () => {
    expect(applyPerspective([published, draft, draftOnly, release, other], 'drafts')).toEqual([
      { ...draft, _id: 'a', _originalId: 'drafts.a' },
      { ...draftOnly, _id: 'b', _originalId: 'drafts.b' },
      other,
    ]);
  });

  it('is published unless a preview is asked for, and never drafts in production', () => {
    expect(contentPerspective(parseEnv({}))).toBe('published');
    expect(contentPerspective({ CONTENT_PREVIEW: false, CONTEXT: 'deploy-preview' })).toBe('published');
    expect(contentPerspective({ CONTENT_PREVIEW: true, CONTEXT: 'deploy-preview' })).toBe('drafts');
    expect(contentPerspective({ CONTENT_PREVIEW: true, CONTEXT: 'branch-deploy' })).toBe('drafts');
    expect(contentPerspective(parseEnv({ CONTENT_PREVIEW: 'true' }))).toBe('drafts');
    expect(() => contentPerspective({ CONTENT_PREVIEW: true, CONTEXT: 'production' })).toThrow(/production never shows drafts/);
  });

  it('refuses a preview setting that is not a yes or no', () => {
    expect(() => parseEnv({ CONTENT_PREVIEW: 'perhaps' })).toThrow(/CONTENT_PREVIEW/);
  });
});
