import { describe, expect, it } from 'vitest';
import {
  giveawayIdKey,
  giveawayRoute,
  isGiveawayOpen,
  showEnterButton,
} from '../../../src/lib/giveaway/route.ts';

const ACTIVE = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const HIDDEN = ['a', '33333333-3333-4333-8333-333333333333'];

describe('giveaway route decision (docs/behaviour.md §2, §4)', () => {
  it('goes to the entry page when the event is one of the active ids', () => {
    expect(giveawayRoute('uw-husky-mobile', ACTIVE[0] as string, ACTIVE)).toBe(
      `/uw-husky-mobile/giveaway-entry/${ACTIVE[0]}`,
    );
  });

  it.each([null, 'a', 'some-past-event'])('goes to the closed page for %s', (event) => {
    expect(giveawayRoute('osu-beavs-mobile', event, ACTIVE)).toBe(
      '/osu-beavs-mobile/giveaway-closed',
    );
    expect(isGiveawayOpen(event, ACTIVE)).toBe(false);
  });

  it('compares ids whatever their case, and links the entry page at the lower-case id', () => {
    const upper = (ACTIVE[0] as string).toUpperCase().replace('1111', 'AAAA');
    const active = [upper];
    expect(isGiveawayOpen(upper.toLowerCase(), active)).toBe(true);
    expect(isGiveawayOpen(` ${upper} `, [upper.toLowerCase()])).toBe(true);
    expect(giveawayRoute('uw-husky-mobile', upper, active)).toBe(
      `/uw-husky-mobile/giveaway-entry/${upper.toLowerCase()}`,
    );
    expect(giveawayIdKey(' ABC-def ')).toBe('abc-def');
    expect(showEnterButton((HIDDEN[1] as string).toUpperCase(), HIDDEN)).toBe(false);
    expect(showEnterButton('A', HIDDEN)).toBe(false);
  });

  it('hides the enter button only for the excluded ids', () => {
    expect(showEnterButton('a', HIDDEN)).toBe(false);
    expect(showEnterButton(HIDDEN[1] as string, HIDDEN)).toBe(false);
    expect(showEnterButton(ACTIVE[0] as string, HIDDEN)).toBe(true);
    expect(showEnterButton(null, HIDDEN)).toBe(true);
  });
});
