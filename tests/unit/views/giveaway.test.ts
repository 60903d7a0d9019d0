import { describe, expect, it } from 'vitest';
import { single } from '../../../src/lib/content/index.ts';
import {
  giveawayClosedView,
  giveawayConfirmationView,
  giveawayEntryView,
} from '../../../src/lib/views/giveaway.ts';
import { schoolPage, without } from './school-pages.ts';

describe('giveawayEntryView', () => {
  it('hands the form island the event id of the route, the school, where entries go and the content texts', async () => {
    const props = await schoolPage((site) => site.giveaway.open);
    const view = giveawayEntryView({ ...props, eventGUID: 'event-1' }, 'https://api.example');
    const doc = single(props.site.content, 'giveawayForm');
    expect(view.layout.route).toBe('giveaway-entry');
    expect(view.entry?.form).toMatchObject({
      eventGUID: 'event-1',
      seoSlug: props.site.seoSlug,
      apiBase: 'https://api.example',
      titleId: view.entry?.titleId,
      submitText: doc?.enterButtonText,
      errors: { name: doc?.nameRequiredError },
    });
    expect(
      giveawayEntryView(
        { ...without(props, 'giveawayForm'), eventGUID: 'event-1' },
        'https://api.example',
      ).entry,
    ).toBeUndefined();
  });
});

describe('giveawayClosedView', () => {
  it('takes the why button text from the confirmation content', async () => {
    const props = await schoolPage();
    expect(giveawayClosedView(props).closed?.whyButtonText).toBe(
      single(props.site.content, 'giveawayConfirmation')?.whyButtonText,
    );
    expect(
      giveawayClosedView(without(props, 'giveawayConfirmation')).closed?.whyButtonText,
    ).toBeUndefined();
  });
});

describe('giveawayConfirmationView', () => {
  it('shows the open giveaway with its enter button when the event is open', async () => {
    const props = await schoolPage((site) => site.giveaway.open && site.giveaway.showEnterButton);
    const current = giveawayConfirmationView(props).confirmation?.current;
    expect(current).toMatchObject({ kind: 'open', enter: { href: props.site.giveaway.route } });
  });

  it('shows the closed texts when the event is closed, and the giveaway name without them', async () => {
    const props = await schoolPage((site) => !site.giveaway.open);
    expect(giveawayConfirmationView(props).confirmation?.current.kind).toBe('closed');
    expect(
      giveawayConfirmationView(without(props, 'giveawayClosed')).confirmation?.current,
    ).toEqual({ kind: 'none', title: `${props.site.tenant.name} Giveaway` });
  });

  it("offers the way back after a failed entry to the school's giveaway route, open or closed", async () => {
    for (const open of [true, false]) {
      const props = await schoolPage((site) => site.giveaway.open === open);
      expect(giveawayConfirmationView(props).confirmation?.outcome.error.retry.href).toBe(
        props.site.giveaway.route,
      );
    }
  });

  it('links the why page, lists the prizes and leaves the page empty without its document', async () => {
    const props = await schoolPage();
    const confirmation = giveawayConfirmationView(props).confirmation;
    expect(confirmation?.learnMore?.link.href).toBe(`/${props.site.seoSlug}/why`);
    expect(confirmation?.prizes?.icons).toBeDefined();
    expect(
      giveawayConfirmationView(without(props, 'giveawayConfirmation')).confirmation,
    ).toBeUndefined();
  });
});
