/**
 * The live-status badge and the Deploys tool bound to the Studio: they ask the public site
 * (`origin`, from SANITY_STUDIO_PUBLIC_SITE_URL) with the signed-in editor's token when the
 * Studio's client has one, so the site can tell an editor from a visitor.
 */
import { RocketIcon } from '@sanity/icons/Rocket';
import { useCallback, useMemo } from 'react';
import { useClient, type DocumentBadgeComponent, type Tool } from 'sanity';
import { fetchDeploys } from './deploys-view.ts';
import { DeploysPanel } from './DeploysView.tsx';
import { createPublishStatusBadge } from './publish-status-badge.ts';
import type { TimeFormat } from './status.ts';
import { createStatusSource, type StatusSource } from './status-source.ts';

const API_VERSION = '2025-09-15';

function useEditorToken(): string | undefined {
  return useClient({ apiVersion: API_VERSION }).config().token;
}

/** One source per public site and token, so every badge of a document shares one poll. */
const sources = new Map<string, StatusSource>();

function statusSource(origin: string, token: string | undefined): StatusSource {
  const key = `${origin} ${token ?? ''}`;
  let source = sources.get(key);
  if (!source) {
    source = createStatusSource({ origin, token });
    sources.set(key, source);
  }
  return source;
}

/** The badge for sanity.config's `document.badges`. */
export function publishStatusBadge(origin: string): DocumentBadgeComponent {
  return createPublishStatusBadge(function useStudioStatusSource() {
    const token = useEditorToken();
    return useMemo(() => statusSource(origin, token), [token]);
  });
}

function DeploysTool({ origin }: { origin: string }) {
  const token = useEditorToken();
  const load = useCallback(
    (format: TimeFormat) => fetchDeploys(origin, token, format),
    [origin, token],
  );
  return <DeploysPanel origin={origin} load={load} />;
}

/** The tool for sanity.config's `tools`. */
export function deploysTool(origin: string): Tool {
  return {
    name: 'deploys',
    title: 'Deploys',
    icon: RocketIcon,
    component: function Deploys() {
      return <DeploysTool origin={origin} />;
    },
  };
}
