import { beforeEach, describe, expect, it } from 'vitest';
import {
  $signInOpen,
  closeSignIn,
  openSignIn,
  wantsSignInOnArrival,
} from '../../../src/stores/signin.ts';

describe('wantsSignInOnArrival', () => {
  it('is true only when the query has open=signin', () => {
    expect(wantsSignInOnArrival('?open=signin')).toBe(true);
    expect(wantsSignInOnArrival('?utm=x&open=signin')).toBe(true);
    expect(wantsSignInOnArrival('')).toBe(false);
    expect(wantsSignInOnArrival('?open=signup')).toBe(false);
    expect(wantsSignInOnArrival('?opensignin')).toBe(false);
  });
});

describe('$signInOpen', () => {
  beforeEach(() => closeSignIn());

  it('starts closed, opens and closes through its actions', () => {
    expect($signInOpen.get()).toBe(false);
    openSignIn();
    expect($signInOpen.get()).toBe(true);
    closeSignIn();
    expect($signInOpen.get()).toBe(false);
  });

  it('tells a listener once per change, not for a repeated open or close', () => {
    const seen: boolean[] = [];
    const stop = $signInOpen.listen((open) => seen.push(open));
    openSignIn();
    openSignIn();
    closeSignIn();
    closeSignIn();
    stop();
    openSignIn();
    expect(seen).toEqual([true, false]);
  });
});
