/**
 * Netlify Blobs on this machine, for both local sites (the public site's functions and deploys in
 * `npm start`, the preview function in `npm run preview:server`): Netlify's local Blobs server
 * (`@netlify/blobs/server`) over a folder, and the context `getStore()` / `getDeployStore()` of
 * `@netlify/blobs` read from the environment (NETLIFY_BLOBS_CONTEXT, base64 JSON), as a function
 * on Netlify finds it. Set that variable in the process that calls them (the functions run in the
 * server's own process). A build gets no context, as on Netlify: its deploy blobs are files that
 * the deploy uploads after it (`uploadDeployFiles`, Netlify's build's `blobs_upload` step).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { getDeployStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

/**
 * Netlify's Blobs API answers a read with the blob's ETag, which a conditional write then names
 * (`getWithMetadata` → `setJSON(…, { onlyIfMatch: etag })`); the local server (@netlify/blobs 11.1)
 * checks `If-Match` on a write but sends no ETag on a read, so no read-then-write could ever
 * succeed here. Its reads get the ETag its own writes compare against. The ETag is read before the
 * blob: a write in between makes it stale, so the caller's conditional write fails and retries,
 * as it would on Netlify.
 */
interface ServerInternals {
  get(request: { url?: string }): Promise<Response>;
  put(request: { url?: string }): Promise<Response>;
  parseAPIRequest(request: { url?: string }): { url?: URL } | null;
  getLocalPaths(url: URL): { dataPath?: string; key?: string };
  address: string;
}
type ETagging = { generateETag: (path: string) => Promise<string> };

/**
 * Two more gaps, which a burst of publishes (a release's documents, one webhook each) meets: the
 * local server's ETag is an HMAC of the path keyed by the file's modification time in
 * milliseconds, so two writes in the same millisecond leave the same ETag; and its conditional
 * write checks `If-Match` and writes with awaits in between, so two writes naming the same ETag
 * can both succeed. Here a blob's ETag is a digest of its bytes, and the writes of one blob take
 * turns, so a conditional write succeeds only against the blob it read, as a conditional write
 * promises.
 */
(BlobsServer as unknown as ETagging).generateETag = async (path: string) => {
  try {
    return `"${createHash('sha256')
      .update(await readFile(path))
      .digest('hex')}"`;
  } catch {
    return '';
  }
};
const generateETag = (BlobsServer as unknown as ETagging).generateETag;

function withWritesInTurn(server: BlobsServer): BlobsServer {
  const inner = server as unknown as ServerInternals;
  const write = inner.put.bind(server);
  const turns = new Map<string, Promise<unknown>>();
  inner.put = (request) => {
    const url = inner.parseAPIRequest(request)
      ? undefined
      : new URL(request.url ?? '', inner.address);
    const path = url ? inner.getLocalPaths(url).dataPath : undefined;
    if (!path) return write(request);
    const turn = (turns.get(path) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => write(request));
    turns.set(path, turn);
    void turn
      .finally(() => {
        if (turns.get(path) === turn) turns.delete(path);
      })
      .catch(() => undefined);
    return turn;
  };
  return server;
}

function withReadETags(server: BlobsServer): BlobsServer {
  const inner = server as unknown as ServerInternals;
  const read = inner.get.bind(server);
  inner.get = async (request) => {
    const url = inner.parseAPIRequest(request)?.url ?? new URL(request.url ?? '', inner.address);
    const { dataPath, key } = inner.getLocalPaths(url);
    const etag = dataPath && key ? await generateETag(dataPath) : '';
    const answer = await read(request);
    if (!etag || answer.status !== 200 || answer.headers.has('etag')) return answer;
    const headers = new Headers(answer.headers);
    headers.set('etag', etag);
    return new Response(answer.body, { status: answer.status, headers });
  };
  return server;
}

/** The variable `@netlify/blobs` reads its site, token and addresses from. */
export const BLOBS_CONTEXT_VARIABLE = 'NETLIFY_BLOBS_CONTEXT';

export interface LocalBlobs {
  /** The environment a function needs for `getStore({ name, consistency })` to reach this server. */
  environment: { [BLOBS_CONTEXT_VARIABLE]: string };
  /** Uploads a build's deploy blob files into deploy `deployID`'s store; answers the keys. */
  uploadDeployFiles: (deployID: string, directory: string) => Promise<string[]>;
  siteID: string;
  url: string;
  /** What a command on this machine needs to reach these stores (npm run blobs -- --local). */
  access: LocalBlobsAccess;
  stop: () => Promise<void>;
}

/** Written to DATA_DIR/blobs-access.json (readable by its owner only) while the stack runs. */
export interface LocalBlobsAccess {
  siteID: string;
  token: string;
  url: string;
}

export const LOCAL_BLOBS_ACCESS_FILE = 'blobs-access.json';

/**
 * Starts the server on a free port with a random token. Its package offers no host option (it
 * listens on every interface, as under `netlify dev`): the token guards it, the context points at
 * the loopback address. `siteID` keeps each local site's stores apart.
 */
export async function startLocalBlobs(
  directory: string,
  { siteID = 'local-preview' }: { siteID?: string } = {},
): Promise<LocalBlobs> {
  const token = randomBytes(32).toString('base64url');
  const server = withWritesInTurn(
    withReadETags(new BlobsServer({ directory: resolve(directory), token, logger: () => {} })),
  );
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  // Strong reads go to the uncached address: locally both are the server itself. A deploy store
  // needs a region when the addresses are given: the context's primary region.
  const context = { siteID, token, edgeURL: url, uncachedEdgeURL: url, primaryRegion: 'us-east-2' };
  const encode = (value: object) => ({
    [BLOBS_CONTEXT_VARIABLE]: Buffer.from(JSON.stringify(value)).toString('base64'),
  });
  return {
    environment: encode(context),
    uploadDeployFiles: async (deployID, directory) => {
      const store = getDeployStore({
        deployID,
        siteID,
        token,
        edgeURL: url,
        uncachedEdgeURL: url,
        region: 'us-east-2',
      });
      const files = deployBlobFiles(directory);
      for (const file of files) {
        await store.set(file.key, new Blob([readFileSync(file.content)]), {
          metadata: file.metadata
            ? (JSON.parse(readFileSync(file.metadata, 'utf8')) as Record<string, unknown>)
            : {},
        });
      }
      return files.map((file) => file.key);
    },
    siteID,
    url,
    access: { siteID, token, url },
    stop: async () => {
      await server.stop();
    },
  };
}

/**
 * The deploy blobs a build left as files, as Netlify's build finds them (Frameworks API: every
 * `<key>/blob` under the folder, `<key>/blob.meta.json` its metadata; the key is the folder's path).
 */
export function deployBlobFiles(
  directory: string,
): Array<{ key: string; content: string; metadata: string | undefined }> {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(`${sep}blob`))
    .map((path) => {
      const content = join(directory, path);
      const folder = join(content, '..');
      const metadata = join(folder, 'blob.meta.json');
      return {
        key: relative(directory, folder).split(sep).join('/'),
        content,
        metadata: existsSync(metadata) ? metadata : undefined,
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}
