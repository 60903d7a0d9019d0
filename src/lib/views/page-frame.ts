/**
 * What every page carries beside its content, decided by the build's settings: whether it may be
 * indexed, the notices of its preview bar (a draft preview, a school not launched yet, and on the
 * editors' preview site in draft mode the way out of it) and the analytics loader's settings. The
 * layouts hand these to BaseHead, PreviewBar and Analytics, which read no settings themselves.
 */
import { env, isPreviewBuild, type Env } from '../config/env.ts';
import { perspectiveName } from '../content/perspective-name.ts';
import { NOT_LAUNCHED_NOTICE } from '../schools/lifecycle.ts';
import { PREVIEW_NOTICE, type PageHead } from '../seo/page-head.ts';
import {
  perspectiveLabel,
  type PerspectiveLabel,
  type ShownPerspective,
} from './perspective-label.ts';

export interface PageFrame {
  head: PageHead;
  /** Empty on the public site: the preview bar is not drawn. */
  notices: string[];
  /** In draft mode only (the editors' preview site): the address that switches it off and comes back to this page. */
  leaveDraftMode?: string;
  /** In draft mode only: which content the page shows, named for the bar, and the perspective as written (`rLaunch,drafts`). */
  shown?: PerspectiveLabel & { perspective: string };
  /** Only with a write key: without one the page carries no analytics code. */
  analytics?: { writeKey: string; apiHost?: string | undefined } | undefined;
}

export interface FrameOptions {
  /** The page belongs to a school whose status is `preparing`. */
  notLaunched?: boolean;
  /** A draft preview build (defaults to this build's settings). */
  preview?: boolean;
  /** Never indexed, whatever it shows (the editors' preview site). */
  noindex?: boolean;
  settings?: Pick<Env, 'PUBLIC_SEGMENT_WRITE_KEY' | 'PUBLIC_SEGMENT_API_HOST'>;
  /** In draft mode (the editors' preview site): this page's path (where leaving draft mode returns to) and what it shows. */
  draftMode?: { path: string; shown: ShownPerspective } | undefined;
  /** The clock publish times are told against. */
  now?: Date;
}

/** The preview site's route that ends draft mode (src/lib/preview/server/routes/disable.ts). */
const LEAVE_DRAFT_MODE_ROUTE = '/api/preview/disable';

/**
 * In draft mode the bar names what the page shows (perspective-label.ts) and, for anything but
 * published content, says it includes unpublished changes.
 */
export function pageFrame(
  head: PageHead,
  {
    notLaunched = false,
    preview = isPreviewBuild(),
    noindex = false,
    settings = env(),
    draftMode,
    now,
  }: FrameOptions = {},
): PageFrame {
  const writeKey = settings.PUBLIC_SEGMENT_WRITE_KEY;
  const unpublished = draftMode ? draftMode.shown.perspective !== 'published' : preview;
  const frame: PageFrame = {
    // Drafts and schools not launched yet are never indexed.
    head: unpublished || notLaunched || noindex ? { ...head, noindex: true } : head,
    notices: [
      ...(unpublished ? [PREVIEW_NOTICE] : []),
      ...(notLaunched ? [NOT_LAUNCHED_NOTICE] : []),
    ],
    analytics: writeKey ? { writeKey, apiHost: settings.PUBLIC_SEGMENT_API_HOST } : undefined,
  };
  if (draftMode) {
    frame.leaveDraftMode = `${LEAVE_DRAFT_MODE_ROUTE}?redirect=${encodeURIComponent(draftMode.path || '/')}`;
    frame.shown = {
      ...perspectiveLabel(draftMode.shown, now),
      perspective: perspectiveName(draftMode.shown.perspective),
    };
  }
  return frame;
}
