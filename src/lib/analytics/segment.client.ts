/** The analytics library and its settings: fetched only once the page is idle (see loader.client.ts). */
import { AnalyticsBrowser } from '@segment/analytics-next';
import { pageViewProperties, segmentLoadArguments } from './segment-config.ts';

export interface PageContext {
  path: string;
  pageName: string;
}

export function connectSegment(writeKey: string, apiHost: string | undefined) {
  const { settings, options } = segmentLoadArguments(writeKey, apiHost);
  const analytics = AnalyticsBrowser.load(settings, options);
  return {
    page(context: PageContext, at: Date) {
      void analytics.page(
        context.pageName,
        pageViewProperties(context.path, context.pageName, at),
        { timestamp: at },
      );
    },
    track(name: string, context: PageContext, at: Date) {
      void analytics.track(name, { ...context }, { timestamp: at });
    },
  };
}
