// @vitest-environment jsdom
/**
 * The live-status badge through Sanity's own badge API: the badge is a DocumentBadgeComponent,
 * run by Sanity's GetHookCollectionState with a document's edit state (what the document pane
 * does), over a stubbed status source answering the sample answers in the public site's JSON
 * (studio/tests/fixtures/publish-status.json). Asserts the {label, color, title} Sanity draws.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import {
  GetHookCollectionState,
  type DocumentBadgeDescription,
  type DocumentBadgeProps,
} from 'sanity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishStatusAnswerSchema } from '../../src/lib/publish-records/status-answers.ts';
import { createPublishStatusBadge } from '../deploys/publish-status-badge.ts';
import { statusFromAnswer } from '../deploys/status.ts';
import type { StatusEntry, StatusSource, WatchedDocument } from '../deploys/status-source.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8'));
/** The public site's answer, and the published revision of each document it is about (the Studio's side). */
const answer = fixture('publish-status.json');
const revisions = fixture('published-revisions.json') as Record<string, string>;
/** The editor is in Seattle, it is 12:06 on 27 November 2026 there. */
const format = {
  now: new Date('2026-11-27T20:06:30.000Z'),
  locale: 'en-US',
  timeZone: 'America/Los_Angeles',
};
const Badge = createPublishStatusBadge(() => source, format);

/** A status source answering from the sample answer, recording what the badge watches. */
function stubSource(entries: Map<string, StatusEntry>) {
  const watched: WatchedDocument[] = [];
  const stub: StatusSource = {
    get: (id) => entries.get(id),
    watch(document) {
      watched.push(document);
      return () => {};
    },
  };
  return { stub, watched };
}
let source: StatusSource;

/** The document pane's edit state for a published document (and a draft beside it, as when an editor keeps working). */
function editState(
  id: string,
  published: { rev: string; updatedAt?: string } | null,
  type = 'landingHeader',
): DocumentBadgeProps {
  return {
    id,
    type,
    transactionSyncLock: null,
    version: null,
    liveEdit: false,
    liveEditSchemaType: false,
    ready: true,
    release: undefined,
    draft: {
      _id: `drafts.${id}`,
      _type: type,
      _rev: 'draft-rev',
      _createdAt: '2026-11-01T00:00:00Z',
      _updatedAt: '2026-11-27T20:06:00Z',
    },
    published: published && {
      _id: id,
      _type: type,
      _rev: published.rev,
      _createdAt: '2026-11-01T00:00:00Z',
      _updatedAt: published.updatedAt ?? '2026-11-27T20:03:00Z',
    },
  } as DocumentBadgeProps;
}

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

/** Renders the badge as the document pane does and returns the badge states Sanity collects. */
async function badgesFor(props: DocumentBadgeProps): Promise<DocumentBadgeDescription[]> {
  let states: DocumentBadgeDescription[] | undefined;
  const container = document.createElement('div');
  const root = createRoot(container);
  mounted.push(() => act(() => root.unmount()));
  // Given a promise, act also waits for what the render starts in microtasks.
  await act(() => {
    root.render(
      createElement(GetHookCollectionState<DocumentBadgeProps, DocumentBadgeDescription>, {
        hooks: [Badge],
        args: props,
        children: ({ states: next }) => {
          states = next;
          return null;
        },
      }),
    );
    return Promise.resolve();
  });
  // Sanity collects the hooks' states on a throttled task (60 ms).
  await vi.waitFor(() => expect(states).toBeDefined(), { timeout: 10_000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
  return (states ?? []).map((state) => ({ ...state, label: state.label?.replace(/\s/g, ' ') }));
}

/** The stub answering every document of the sample answer, about its published revision. */
function sampleSource() {
  const entries = new Map<string, StatusEntry>();
  for (const [id, rev] of Object.entries(revisions))
    entries.set(id, { rev, status: statusFromAnswer(answer, id, rev) });
  return stubSource(entries);
}

const expected: Record<string, DocumentBadgeDescription> = {
  'huskymobile-landingHeader': {
    label: 'Live 12:05 PM',
    color: 'success',
    title:
      'This version is on the public site since Nov 27, 2026, 12:05 PM (deploy 6747a1c0e2b4f10008d3a9c1).',
  },
  'huskymobile-headerNav': {
    label: 'Live Nov 25, 9:42 AM',
    color: 'success',
    title:
      'This version is on the public site since Nov 25, 2026, 9:42 AM (deploy 67457c11d0a9e60008f4b2a8).',
  },
  'huskymobile-faqs': {
    label: 'Publishing…',
    color: 'warning',
    title:
      'The site is being rebuilt with this version (build started 12:06 PM); the badge changes when it is live.',
  },
  'beavsmobile-faqs': {
    label: 'Waiting to build',
    color: 'warning',
    title:
      'Waiting to build: the build service did not answer; next try at 12:07 PM. The site tries again by itself; the badge changes when it is live.',
  },
  'huskymobile-giveawayClosed': {
    label: 'Waiting: next build at 1:00 PM (deploy budget)',
    color: 'warning',
    title:
      "The site's deploy budget allows its next build at 1:00 PM; that build carries this version. The site starts it by itself; the badge changes when it is live.",
  },
  'cubbymobile-faqs': {
    label: 'Waiting: earlier deploy restored',
    color: 'warning',
    title:
      "Waiting to build: an earlier deploy was restored, so nothing builds until the latest deploy is published again or deploys are unlocked. When is the site's operators' decision; this version then builds by itself, and the badge changes when it is live.",
  },
  'huskymobile-planCards-student': {
    label: 'Not live: content problem',
    color: 'danger',
    title:
      "The document has a content problem, so the page is built without it: a plan's description is empty. Field: plans[1].description. School: huskymobile. Fix the field named and publish again.",
  },
  'bearsmobile-landingHeader': {
    label: 'Not live: school not launched',
    color: 'danger',
    title:
      'Its school is not launched yet: only previews show it. School: bearsmobile. It goes live when an admin sets the school live.',
  },
  'utesmobile-whyHero': {
    label: 'Not live: school left out',
    color: 'danger',
    title:
      'Its school was left out of the build: its school document is invalid (see problems). School: utesmobile. Fix what the reason names and publish again; the Deploys tool lists why the school was left out.',
  },
  'kentuckymobile-faqs': {
    label: 'Not live: no tenant record',
    color: 'danger',
    title:
      "Its school was left out of the build: the school has no tenant record yet. School: kentuckymobile. Ask the site's operators to add the school's tenant record; the next build then publishes it.",
  },
  'huskymobile-whyHero': {
    label: 'Not live: build failed',
    color: 'danger',
    title:
      "The build that was to publish this change failed, so the previous version is still live. Tell the site's operators; the Deploys tool shows the error.",
  },
  'beavsmobile-landingPerks': {
    label: 'Not live: site locked',
    color: 'danger',
    title:
      "The site is locked to an earlier deploy, so this version is built but not published. It goes live when the site's operators unlock Netlify's deploys.",
  },
  'cubbymobile-howItWorks': {
    label: 'Not live: older version restored',
    color: 'danger',
    title:
      "An earlier deploy was restored, so an earlier version of this document is live. Ask the site's operators; it goes live with the next deploy they publish.",
  },
  siteSettings: {
    label: 'Live status unknown',
    title: 'No recorded deploy carried this document yet.',
  },
};

describe('the live-status badge, as Sanity runs it', () => {
  it("the sample answer is the public site's JSON (status-answers.ts)", () => {
    expect(publishStatusAnswerSchema.safeParse(answer).success).toBe(true);
    expect(Object.keys((answer as { documents: object }).documents).sort()).toEqual(
      Object.keys(expected).sort(),
    );
    expect(Object.keys(revisions).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [id, badge] of Object.entries(expected)) {
    it(`${badge.label}: ${id}`, async () => {
      const { stub, watched } = sampleSource();
      source = stub;
      const rev = revisions[id];
      expect(await badgesFor(editState(id, { rev }))).toEqual([badge]);
      // It asked about the published id and its published revision, with the publish time.
      expect(watched).toEqual([{ id, rev, publishedAt: '2026-11-27T20:03:00Z' }]);
    });
  }

  it('shows nothing and asks nothing while the document has no published version', async () => {
    const { stub, watched } = sampleSource();
    source = stub;
    expect(await badgesFor(editState('huskymobile-landingHeader', null))).toEqual([]);
    expect(watched).toEqual([]);
  });

  it('shows nothing for an answer about an older revision (just published: the new one is being asked about)', async () => {
    const { stub, watched } = sampleSource();
    source = stub;
    expect(
      await badgesFor(editState('huskymobile-landingHeader', { rev: 'newer-revision' })),
    ).toEqual([]);
    expect(watched).toEqual([
      {
        id: 'huskymobile-landingHeader',
        rev: 'newer-revision',
        publishedAt: '2026-11-27T20:03:00Z',
      },
    ]);
  });

  it('an unreachable public site is an unknown status that says so', async () => {
    const { stub } = stubSource(
      new Map([
        [
          'school-huskymobile',
          {
            rev: 'r1',
            status: {
              state: 'unknown',
              reason: 'The public site could not be reached: Failed to fetch',
            },
          },
        ],
      ]),
    );
    source = stub;
    expect(await badgesFor(editState('school-huskymobile', { rev: 'r1' }, 'school'))).toEqual([
      {
        label: 'Live status unknown',
        title: 'The public site could not be reached: Failed to fetch',
      },
    ]);
  });
});
