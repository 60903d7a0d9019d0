import { beforeEach, describe, expect, it, vi } from 'vitest';

const opened: unknown[] = [];
vi.mock('@netlify/blobs', () => ({
  getStore: (options: unknown) => {
    opened.push(options);
    return { get: () => Promise.resolve(null), set: () => Promise.resolve({ modified: true }) };
  },
}));

const { REVOCATION_STORE_NAME, blobRevocationStore, revocationKey, revocations } =
  await import('../../../src/lib/preview/server/revocation.ts');

beforeEach(() => {
  opened.length = 0;
});

describe('revocations in Netlify Blobs', () => {
  it('open the site store preview-draft-mode with strong consistency, once per call', async () => {
    expect(REVOCATION_STORE_NAME).toBe('preview-draft-mode');
    blobRevocationStore();
    expect(opened).toEqual([{ name: 'preview-draft-mode', consistency: 'strong' }]);
    await revocations().isRevoked({ id: 'A'.repeat(22), expiry: 2_000_000_000 });
    expect(opened).toHaveLength(2);
  });

  it('one key per cookie id', () => {
    expect(revocationKey('abc_DEF-123')).toBe('revoked/abc_DEF-123');
  });
});
