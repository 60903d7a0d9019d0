// @vitest-environment jsdom
/**
 * The live-status badge through Sanity's own badge API: the badge is a DocumentBadgeComponent,
 * run by Sanity's GetHookCollectionState with a document's edit state (what the document pane
 * does), over a stubbed status source answering the sample answers in the public site's JSON
 * (studio/tests/fixtures/publish-status.json). Asserts the {label, color, title} Sanity draws.
 */
import {readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {act, createElement} from 'react'
import {createRoot} from 'react-dom/client'
import {GetHookCollectionState, type DocumentBadgeDescription, type DocumentBadgeProps} from 'sanity'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {publishStatusAnswerSchema} from '../../src/lib/deploys/records.ts'
import {createPublishStatusBadge} from '../deploys/publish-status-badge'
import {statusFromAnswer} from '../deploys/status'
import type {StatusEntry, StatusSource, WatchedDocument} from '../deploys/status-source'

;(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true

const answer: unknown = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures/publish-status.json'), 'utf8'))
/** The editor is in Seattle, it is 12:06 on 27 November 2026 there. */
const format = {now: new Date('2026-11-27T20:06:30.000Z'), locale: 'en-US', timeZone: 'America/Los_Angeles'}
const Badge = createPublishStatusBadge(() => source, format)

/** A status source answering from the sample answer, recording what the badge watches. */
function stubSource(entries: Map<string, StatusEntry>) {
  const watched: WatchedDocument[] = []
  const stub: StatusSource = {
    get: (id) => entries.get(id),
    watch(document) {
      watched.push(document)
      return () => {}
    },
  }
  return {stub, watched}
}
let source: StatusSource

/** The document pane's edit state for a published document (and a draft beside it, as when an editor keeps working). */
function editState(id: string, published: {rev: string; updatedAt?: string} | null, type = 'landingHeader'): DocumentBadgeProps {
  return {
    id, type, transactionSyncLock: null, version: null, liveEdit: false, liveEditSchemaType: false, ready: true, release: undefined,
    draft: {_id: `drafts.${id}`, _type: type, _rev: 'draft-rev', _createdAt: '2026-11-01T00:00:00Z', _updatedAt: '2026-11-27T20:06:00Z'},
    published: published && {_id: id, _type: type, _rev: published.rev, _createdAt: '2026-11-01T00:00:00Z', _updatedAt: published.updatedAt ?? '2026-11-27T20:03:00Z'},
  } as DocumentBadgeProps
}

const mounted: Array<() => void> = []
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
})

/** Renders the badge as the document pane does and returns the badge states Sanity collects. */
async function badgesFor(props: DocumentBadgeProps): Promise<DocumentBadgeDescription[]> {
  let states: DocumentBadgeDescription[] | undefined
  const container = document.createElement('div')
  const root = createRoot(container)
  mounted.push(() => act(() => root.unmount()))
  await act(async () => {
    root.render(createElement(GetHookCollectionState<DocumentBadgeProps, DocumentBadgeDescription>, {
      hooks: [Badge], args: props, children: ({states: next}) => {
        states = next
        return null
      },
    }))
  })
  // Sanity collects the hooks' states on a throttled task (60 ms).
  await vi.waitFor(() => expect(states).toBeDefined())
  await act(() => new Promise((resolve) => setTimeout(resolve, 120)))
  return (states ?? []).map((state) => ({...state, label: state.label?.replace(/\s/g, ' ')}))
}

/** The stub answering every document of the sample answer with its own revision. */
function sampleSource() {
  const entries = new Map<string, StatusEntry>()
  for (const key of Object.keys((answer as {documents: object}).documents)) {
    const [id, rev] = key.split(':') as [string, string]
    entries.set(id, {rev, status: statusFromAnswer(answer, id, rev)})
  }
  return stubSource(entries)
}

const expected: Record<string, DocumentBadgeDescription> = {
  'huskymobile-landingHeader:ENZ57cPAQE4X2Mm5HDLacN': {
    label: 'Live 12:05 PM', color: 'success',
    title: 'This version is on the public site since Nov 27, 2026, 12:05 PM (deploy 6747a1c0e2b4f10008d3a9c1).',
  },
  'huskymobile-headerNav:ip3DfMXCPx9wo0Q6oJ1OkG': {
    label: 'Live Nov 25, 9:42 AM', color: 'success',
    title: 'This version is on the public site since Nov 25, 2026, 9:42 AM (deploy 67457c11d0a9e60008f4b2a8).',
  },
  'huskymobile-faqs:5MgA4MFe1PzfAtYlMEh3hd': {
    label: 'Publishing…', color: 'warning',
    title: 'The site is being rebuilt with this version (build started 12:06 PM); the badge changes when it is live.',
  },
  'huskymobile-planCards-student:wA60xrItFWtX25qDJnCvNj': {
    label: 'Not live: content problem', color: 'danger',
    title: 'The build left this document out: plans[1].description is empty. School: uw-husky-mobile. Fix the field named and publish again.',
  },
  'bearsmobile-landingHeader:Qm3v8TnR2wLk5YpZ7sXc1a': {
    label: 'Not live: school not launched', color: 'danger',
    title: 'Bears Mobile is not launched yet (status preparing): only previews publish it. School: cal-bears-mobile. It goes live when an admin sets the school live.',
  },
  'utesmobile-whyHero:Hd81kQz3VbN6cP0rLw5TfE': {
    label: 'Not live: school left out', color: 'danger',
    title: 'The school was left out of the build: its logo image file is missing. School: utah-ute-mobile. Fix what the reason names and publish again; the Deploys tool lists why the school was left out.',
  },
  'kentuckymobile-faqs:Zr4Wb7Nq2Ls9Xe1Yc6Ua3M': {
    label: 'Not live: no tenant record', color: 'danger',
    title: 'The school has no tenant record in the product API. School: uk-kentucky-mobile. Ask the site\'s operators to add the school\'s tenant record; the next build then publishes it.',
  },
  'huskymobile-whyHero:LyTmMhHQYkx2orni5ZGmfO': {
    label: 'Not live: build failed', color: 'danger',
    title: 'The build failed, so the previous version is still live. Tell the site\'s operators; the Deploys tool shows the error.',
  },
  'beavsmobile-landingPerks:Pq6Xr1Vs8Tn3Wm5Yk2Lj9H': {
    label: 'Not live: site locked', color: 'danger',
    title: 'The site\'s deploys are locked in Netlify: the build that carries this version is not published. It goes live when the site\'s operators unlock Netlify\'s deploys.',
  },
  'cubbymobile-howItWorks:Fk2Nb8Vc5Xz1Qw7Er4Ty6U': {
    label: 'Not live: older version restored', color: 'danger',
    title: 'An older deploy was restored: the live site does not carry this version. Ask the site\'s operators; it goes live with the next deploy they publish.',
  },
  'siteSettings:qp4TdKZj288VvsrXkSCey0': {label: 'Live status unknown', title: 'No recorded deploy carried this version yet.'},
}

describe('the live-status badge, as Sanity runs it', () => {
  it('the sample answer is the public site\'s JSON (records.ts)', () => {
    expect(publishStatusAnswerSchema.safeParse(answer).success).toBe(true)
    expect(Object.keys((answer as {documents: object}).documents).sort()).toEqual(Object.keys(expected).sort())
  })

  for (const [key, badge] of Object.entries(expected)) {
    it(`${badge.label}: ${key.split(':')[0]}`, async () => {
      const {stub, watched} = sampleSource()
      source = stub
      const [id, rev] = key.split(':') as [string, string]
      expect(await badgesFor(editState(id, {rev}))).toEqual([badge])
      // It asked about the published id and its published revision, with the publish time.
      expect(watched).toEqual([{id, rev, publishedAt: '2026-11-27T20:03:00Z'}])
    })
  }

  it('shows nothing and asks nothing while the document has no published version', async () => {
    const {stub, watched} = sampleSource()
    source = stub
    expect(await badgesFor(editState('huskymobile-landingHeader', null))).toEqual([])
    expect(watched).toEqual([])
  })

  it('shows nothing for an answer about an older revision (just published: the new one is being asked about)', async () => {
    const {stub, watched} = sampleSource()
    source = stub
    expect(await badgesFor(editState('huskymobile-landingHeader', {rev: 'newer-revision'}))).toEqual([])
    expect(watched).toEqual([{id: 'huskymobile-landingHeader', rev: 'newer-revision', publishedAt: '2026-11-27T20:03:00Z'}])
  })

  it('an unreachable public site is an unknown status that says so', async () => {
    const {stub} = stubSource(new Map([['school-huskymobile', {rev: 'r1', status: {state: 'unknown', reason: 'The public site could not be reached: Failed to fetch'}}]]))
    source = stub
    expect(await badgesFor(editState('school-huskymobile', {rev: 'r1'}, 'school'))).toEqual([
      {label: 'Live status unknown', title: 'The public site could not be reached: Failed to fetch'},
    ])
  })
})
