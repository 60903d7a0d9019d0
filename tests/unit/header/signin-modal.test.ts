import { describe, expect, it } from 'vitest';
import { wantsSignInOnArrival } from '../../../src/lib/header/signin-modal.client.ts';

describe('wantsSignInOnArrival', () => {
  it('is true only when the query has open=signin', () => {
    expect(wantsSignInOnArrival('?open=signin')).toBe(true);
    expect(wantsSignInOnArrival('?utm=x&open=signin')).toBe(true);
    expect(wantsSignInOnArrival('')).toBe(false);
    expect(wantsSignInOnArrival('?open=signup')).toBe(false);
    expect(wantsSignInOnArrival('?opensignin')).toBe(false);
  });
});
