/** Brotli/gzip for text responses, negotiated from Accept-Encoding. */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|wasm)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

export function isCompressible(contentType: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.test(contentType);
}

/** br when accepted, else gzip when accepted (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find((m) => m !== null);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const wildcard = accepted.get('*');
  const quality = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

/** br at a quality that stays fast per request (pages are compressed as they are served), or gzip. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
