/**
 * What every page carries beside its content, decided by the build's settings: whether it may be
 * indexed, the notices of its preview bar (a draft preview, a school not launched yet, and on the
 * editors' preview site in draft mode the way out of it) and the analytics loader's settings. The
 * layouts hand these to BaseHead, PreviewBar and Analytics, which read no settings themselves.
 */
import { env, isPreviewBuild, type Env } from '../config/env.ts';
import { NOT_LAUNCHED_NOTICE } from '../schools/lifecycle.ts';
import { PREVIEW_NOTICE, type PageHead } from '../seo/page-head.ts';

export interface PageFrame {
  head: PageHead;
  /** Empty on the public site: the preview bar is not drawn. */
  notices: string[];
  /** In draft mode only (the editors' preview site): the address that switches it off and comes back to this page. */
  leaveDraftMode?: string;
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
  /** In draft mode (the editors' preview site): this page's path, where leaving draft mode returns to. */
  draftModePath?: string | undefined;
}

/** Draft mode shown with Presentation's perspective switch on published: still draft mode, and it says so. */
export const DRAFT_MODE_PUBLISHED_NOTICE = 'Draft mode — showing published content';

/** The preview site's route that ends draft mode (src/lib/preview/routes/disable.ts). */
const LEAVE_DRAFT_MODE_ROUTE = '/api/preview/disable';

export function pageFrame(
  head: PageHead, { notLaunched = false, preview = isPreviewBuild(), noindex = false, settings = env(), draftModePath }: FrameOptions = {},
): PageFrame {
  const writeKey = settings.PUBLIC_SEGMENT_WRITE_KEY;
  const frame: PageFrame = {
    // Drafts and schools not launched yet are never indexed.
    head: preview || notLaunched || noindex ? { ...head, noindex: true } : head,
    notices: [
      ...(preview ? [PREVIEW_NOTICE] : draftModePath !== undefined ? [DRAFT_MODE_PUBLISHED_NOTICE] : []),
      ...(notLaunched ? [NOT_LAUNCHED_NOTICE] : []),
    ],
    analytics: writeKey ? { writeKey, apiHost: settings.PUBLIC_SEGMENT_API_HOST } : undefined,
  };
  if (draftModePath !== undefined) frame.leaveDraftMode = `${LEAVE_DRAFT_MODE_ROUTE}?redirect=${encodeURIComponent(draftModePath || '/')}`;
  return frame;
}
