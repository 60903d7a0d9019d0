/**
 * The document badge "Live 12:05" / "Publishing…" / "Not live: …" / "Live status unknown": the
 * status of the document's published revision on the public site. Sanity calls the badge as a
 * hook with the document's edit state; the poll behind it is shared per document
 * (status-source.ts) and the words come from badgeFor (status.ts).
 */
import {useCallback, useMemo, useSyncExternalStore} from 'react'
import {useClient, type DocumentBadgeComponent} from 'sanity'
import {badgeFor, type TimeFormat} from './status'
import {createStatusSource, type StatusSource} from './status-source'

const API_VERSION = '2025-09-15'
const noWatch = () => () => {}

/** The badge over any status source (the Studio's, or a stub in tests and on the screenshot page). */
export function createPublishStatusBadge(useStatusSource: () => StatusSource | null, format: TimeFormat = {}): DocumentBadgeComponent {
  const PublishStatusBadge: DocumentBadgeComponent = (props) => {
    const source = useStatusSource()
    const published = props.published
    const id = published?._id
    const rev = published?._rev
    const publishedAt = published?._updatedAt
    // Nothing published: nothing on the site to report, and nothing to ask.
    const subscribe = useCallback(
      (listener: () => void) => (source && id && rev ? source.watch({id, rev, publishedAt}, listener) : noWatch()),
      [source, id, rev, publishedAt],
    )
    const snapshot = () => (source && id ? source.get(id) : undefined)
    const entry = useSyncExternalStore(subscribe, snapshot, snapshot)
    // An answer about an older revision says nothing about this one.
    if (!entry || entry.rev !== rev) return null
    return badgeFor(entry.status, format)
  }
  PublishStatusBadge.displayName = 'PublishStatusBadge'
  return PublishStatusBadge
}

/** One source per public site and token, so every badge of a document shares one poll. */
const sources = new Map<string, StatusSource>()

export function studioStatusSource(origin: string, token: string | undefined): StatusSource {
  const key = `${origin} ${token ?? ''}`
  let source = sources.get(key)
  if (!source) {
    source = createStatusSource({origin, token})
    sources.set(key, source)
  }
  return source
}

/** The badge as the Studio uses it: asks `origin` with the signed-in editor's token, when the client has one. */
export function publishStatusBadge(origin: string): DocumentBadgeComponent {
  return createPublishStatusBadge(function useStudioStatusSource() {
    const token = useClient({apiVersion: API_VERSION}).config().token
    return useMemo(() => studioStatusSource(origin, token), [token])
  })
}
