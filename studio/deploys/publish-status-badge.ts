/**
 * The document badge "Live 12:05" / "Publishing…" / "Not live: …" / "Live status unknown": the
 * status of the document's published revision on the public site. Sanity calls the badge as a
 * hook with the document's edit state; the poll behind it is shared per document
 * (status-source.ts) and the words come from badgeFor (status.ts). No Sanity runtime here, so
 * the screenshot page can run it outside the Studio; studio.tsx binds it to the Studio's client.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { DocumentBadgeComponent } from 'sanity';
import { badgeFor, type TimeFormat } from './status.ts';
import type { StatusSource } from './status-source.ts';

const noWatch = () => () => {};

/** The badge over any status source (the Studio's, or a stub in tests and on the screenshot page). */
export function createPublishStatusBadge(
  useStatusSource: () => StatusSource | null,
  format: TimeFormat = {},
): DocumentBadgeComponent {
  const PublishStatusBadge: DocumentBadgeComponent = (props) => {
    const source = useStatusSource();
    const published = props.published;
    const id = published?._id;
    const rev = published?._rev;
    const publishedAt = published?._updatedAt;
    // Nothing published: nothing on the site to report, and nothing to ask.
    const subscribe = useCallback(
      (listener: () => void) =>
        source && id && rev ? source.watch({ id, rev, publishedAt }, listener) : noWatch(),
      [source, id, rev, publishedAt],
    );
    const snapshot = () => (source && id ? source.get(id) : undefined);
    const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
    // An answer about an older revision says nothing about this one.
    if (!entry || entry.rev !== rev) return null;
    return badgeFor(entry.status, format);
  };
  PublishStatusBadge.displayName = 'PublishStatusBadge';
  return PublishStatusBadge;
}
