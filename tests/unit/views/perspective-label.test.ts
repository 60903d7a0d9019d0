import { describe, expect, it } from 'vitest';
import type { ReleaseInfo } from '../../../src/lib/content/releases.ts';
import { perspectiveLabel, publishTime } from '../../../src/lib/views/perspective-label.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const launch: ReleaseInfo = {
  name: 'rLaunch01',
  title: 'Launch day',
  scheduledDraft: true,
  publishAt: new Date('2027-03-01T09:00:00Z'),
  state: 'scheduled',
};
const spring: ReleaseInfo = {
  name: 'rSpring02',
  title: 'Spring prices',
  scheduledDraft: false,
  publishAt: new Date('2026-12-07T08:30:00Z'),
  state: 'scheduled',
};
const byName = (...releases: ReleaseInfo[]) =>
  new Map(releases.map((release) => [release.name, release]));

describe('what the preview bar calls the content shown', () => {
  it('names published and drafts', () => {
    expect(perspectiveLabel({ perspective: 'published' }, NOW)).toEqual({ name: 'Published' });
    expect(perspectiveLabel({ perspective: 'drafts' }, NOW)).toEqual({ name: 'Drafts' });
  });

  it('names a release by its title, with its kind and when it goes live in UTC', () => {
    expect(
      perspectiveLabel({ perspective: { releases: ['rLaunch01'] }, releases: byName(launch) }, NOW),
    ).toEqual({
      name: 'Launch day',
      detail: 'scheduled draft, publishes Mon 1 Mar 2027, 09:00 UTC',
    });
    expect(
      perspectiveLabel({ perspective: { releases: ['rSpring02'] }, releases: byName(spring) }, NOW),
    ).toEqual({ name: 'Spring prices', detail: 'release, publishes Mon 7 Dec, 08:30 UTC' });
  });

  it('says which releases are stacked under the one chosen', () => {
    expect(
      perspectiveLabel(
        { perspective: { releases: ['rLaunch01', 'rSpring02'] }, releases: byName(launch, spring) },
        NOW,
      ),
    ).toEqual({
      name: 'Launch day',
      detail: 'scheduled draft, publishes Mon 1 Mar 2027, 09:00 UTC; with the 1 release before it',
    });
  });

  it('says when a release has no time yet, or its time has passed', () => {
    const undecided = { ...spring, publishAt: undefined, title: undefined };
    expect(
      perspectiveLabel(
        { perspective: { releases: ['rSpring02'] }, releases: byName(undecided) },
        NOW,
      ),
    ).toEqual({ name: 'Untitled release rSpring02', detail: 'release with no publish time set' });
    expect(
      perspectiveLabel(
        {
          perspective: { releases: ['rLaunch01'] },
          releases: byName({ ...launch, title: undefined, publishAt: undefined }),
        },
        NOW,
      ),
    ).toEqual({ name: 'Untitled scheduled draft', detail: 'no publish time set' });
    expect(
      perspectiveLabel(
        { perspective: { releases: ['rLaunch01'] }, releases: byName(launch) },
        new Date('2027-03-01T09:00:01Z'),
      ),
    ).toEqual({ name: 'Launch day', detail: 'scheduled draft, was due Mon 1 Mar, 09:00 UTC' });
  });

  it('names a release it cannot find as such, never as drafts without a word', () => {
    expect(
      perspectiveLabel({ perspective: { releases: ['rGone0001'] }, releases: new Map() }, NOW),
    ).toEqual({ name: 'Drafts', detail: 'release “rGone0001” not found' });
    expect(
      perspectiveLabel({ perspective: { releases: ['rGone0001', 'rGone0002'] } }, NOW),
    ).toEqual({ name: 'Drafts', detail: 'release “rGone0001”, “rGone0002” not found' });
    expect(
      perspectiveLabel(
        { perspective: { releases: ['rLaunch01', 'rGone0002'] }, releases: byName(launch) },
        NOW,
      ),
    ).toEqual({
      name: 'Launch day',
      detail: 'scheduled draft, publishes Mon 1 Mar 2027, 09:00 UTC; release “rGone0002” not found',
    });
  });

  it('says when the perspective asked for could not be read', () => {
    expect(perspectiveLabel({ perspective: 'drafts', unreadable: true }, NOW)).toEqual({
      name: 'Drafts',
      detail: 'the perspective asked for could not be read',
    });
  });

  it("writes times in UTC, the year only when it is not this year's", () => {
    expect(publishTime(new Date('2026-03-02T09:00:00Z'), NOW)).toBe('Mon 2 Mar, 09:00 UTC');
    expect(publishTime(new Date('2026-12-31T23:59:00-02:00'), NOW)).toBe(
      'Fri 1 Jan 2027, 01:59 UTC',
    );
  });
});
