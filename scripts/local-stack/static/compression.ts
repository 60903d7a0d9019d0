/** Brotli/gzip for text assets, negotiated from Accept-Encoding, compressed once and kept in memory. */
import { readFileSync, type Stats } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json|wasm)|image\/svg\+xml)/;
const MIN_BYTES = 1024;
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

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

export function createCompressionCache(limitBytes: number = CACHE_LIMIT_BYTES) {
  const cache = new Map<string, Buffer>();
  let total = 0;

  function compress(body: Buffer, encoding: Encoding): Buffer {
    if (encoding === 'gzip') return gzipSync(body, { level: 9 });
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 10,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }

  return {
    /** The compressed body of a file at its current version (path, size and mtime form the key). */
    get(file: string, stats: Stats, encoding: Encoding): Buffer {
      const key = `${file}\n${stats.size}\n${stats.mtimeMs}\n${encoding}`;
      const hit = cache.get(key);
      if (hit !== undefined) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const body = compress(readFileSync(file), encoding);
      cache.set(key, body);
      total += body.length;
      for (const [oldKey, oldBody] of cache) {
        if (total <= limitBytes) break;
        cache.delete(oldKey);
        total -= oldBody.length;
      }
      return body;
    },
    get size(): number {
      return cache.size;
    },
  };
}

export type CompressionCache = ReturnType<typeof createCompressionCache>;
