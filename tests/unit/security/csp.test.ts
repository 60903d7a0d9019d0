import { describe, expect, it } from 'vitest';
import { sha256Source } from '../../../src/lib/security/inline-hashes.ts';

describe('sha256Source', () => {
  it('is the CSP source of the text, the same when asked again', () => {
    expect(sha256Source('a')).toBe('sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=');
    expect(sha256Source('a')).toBe('sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=');
    expect(sha256Source('b')).not.toBe(sha256Source('a'));
  });
});
