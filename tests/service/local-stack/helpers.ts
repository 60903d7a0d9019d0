import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const FIXTURES = resolve(import.meta.dirname, '../../fixtures/local-stack');
export const FIXTURE_SITE = join(FIXTURES, 'site');
export const FIXTURE_TOML = join(FIXTURES, 'netlify.toml');
export const FIXTURE_TENANTS = join(FIXTURES, 'tenants.json');
export const FIXTURE_DATASET = join(FIXTURES, 'data.ndjson');
export const OPEN_EVENT = '11111111-1111-4111-8111-111111111111';
/** Known (a tenant's event) but not in the active list. */
export const CLOSED_EVENT = '22222222-2222-4222-8222-222222222222';

export function tempDir(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'local-stack-test-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain HTTP request that neither follows redirects nor decompresses. */
export function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const outgoing = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          done({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks),
          }),
        );
        answer.on('error', fail);
      },
    );
    outgoing.on('error', fail);
    outgoing.end(options.body);
  });
}

export function validEntry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventGUID: OPEN_EVENT,
    name: 'Pat Fan',
    emailAddress: 'pat.fan@example.com',
    stateCode: 'WA',
    phone: '2065550100',
    agreeToGiveawayTerms: true,
    ...overrides,
  };
}
