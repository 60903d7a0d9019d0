/**
 * Netlify Blobs on this machine: Netlify's local Blobs server (`@netlify/blobs/server`) over a
 * folder, and the context `getStore()` of `@netlify/blobs` reads from the environment
 * (NETLIFY_BLOBS_CONTEXT, base64 JSON), as a function on Netlify finds it. Set that variable in
 * the process that calls `getStore()` (the preview function runs in the server's own process).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

/** The variable `@netlify/blobs` reads its site, token and addresses from. */
export const BLOBS_CONTEXT_VARIABLE = 'NETLIFY_BLOBS_CONTEXT';

export interface LocalBlobs {
  /** The environment a function needs for `getStore({ name, consistency })` to reach this server. */
  environment: { [BLOBS_CONTEXT_VARIABLE]: string };
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the server on a free port with a random token. Its package offers no host option (it
 * listens on every interface, as under `netlify dev`): the token guards it, the context points at
 * the loopback address.
 */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  const token = randomBytes(32).toString('base64url');
  const server = new BlobsServer({ directory: resolve(directory), token, logger: () => {} });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  // Strong reads go to the uncached address: locally both are the server itself.
  const context = { siteID: 'local-preview', token, edgeURL: url, uncachedEdgeURL: url, primaryRegion: 'us-east-2' };
  return {
    environment: { [BLOBS_CONTEXT_VARIABLE]: Buffer.from(JSON.stringify(context)).toString('base64') },
    url,
    stop: async () => { await server.stop(); },
  };
}
