/**
 * The preview site's page function as Netlify runs it: the adapter's handler, wrapped so that every
 * response carries the preview's headers (response-headers.ts), including those Astro makes before
 * the middleware runs (the trailing-slash redirect, a malformed path's 400, the adapter's own 404)
 * and a throw anywhere in rendering (a plain 500; the error goes to the function log only).
 * build/function-build.ts bundles this file as the function's entry (`ssr.mjs`) around the adapter's.
 */
import { withPreviewHeaders } from './response-headers.ts';

type Handler = (request: Request, context: unknown) => Response | Promise<Response>;

export function previewFunction(
  handler: Handler,
  studioUrl: () => string | undefined = () => process.env.SANITY_STUDIO_URL,
): Handler {
  return async (request, context) => {
    let response: Response;
    try {
      response = await handler(request, context);
    } catch (error) {
      console.error(
        `[preview] ${request.method} ${new URL(request.url).pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      response = new Response('This page could not be drawn. Try again in a moment.', {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return withPreviewHeaders(response, undefined, studioUrl());
  };
}
