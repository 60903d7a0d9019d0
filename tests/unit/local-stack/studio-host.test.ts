/**
 * The Studio stand-in of the preview tests and bench (scripts/dev/studio-host.ts) serves a page
 * carrying Presentation's secret on 127.0.0.1. It answers only its own host and port, as the local
 * sites do (ownHost): a DNS-rebinding page, whose requests name the attacker's host, reads nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudioHost, type StudioHost } from '../../../scripts/dev/studio-host.ts';

const SECRET = 'presentation-secret-0123456789';
let work: string;
let host: StudioHost;
let port: number;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'studio-host-'));
  writeFileSync(join(work, 'export.ndjson'), `${JSON.stringify({ _id: 'a', _type: 'faqs' })}\n`);
  host = await startStudioHost(join(work, 'export.ndjson'), SECRET);
  host.setPreviewOrigin('http://localhost:4322');
  port = Number(new URL(host.origin).port);
}, 60_000);
afterAll(async () => {
  await host.close();
  rmSync(work, { recursive: true, force: true });
});

/** One request as written, its Host header included (or left out: HTTP/1.0, which needs none), and the whole answer. */
function exchange(path: string, hostHeader: string | undefined): Promise<string> {
  const text =
    hostHeader === undefined
      ? `GET ${path} HTTP/1.0\r\n\r\n`
      : `GET ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`;
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.once('end', () => done(answer));
    socket.once('error', fail);
  });
}

describe('the Studio stand-in answers only its own host', () => {
  it.each(['127.0.0.1', 'localhost'])(
    'its page and export, asked as %s:<its port>: 200, the page with the secret',
    async (name) => {
      const page = await exchange('/?path=/uw-husky-mobile', `${name}:${port}`);
      expect(page).toMatch(/^HTTP\/1\.1 200 /);
      expect(page).toContain(SECRET);
      expect(await exchange('/export.ndjson', `${name}:${port}`)).toMatch(/^HTTP\/1\.1 200 /);
    },
  );

  it.each([
    ["a DNS-rebinding page's host", 'attacker.example'],
    ["a DNS-rebinding page's host, on the stand-in's port", 'attacker.example:__PORT__'],
    ['its address on another port', '127.0.0.1:1'],
    ['its address without the port', '127.0.0.1'],
    ['no Host at all', undefined],
  ])('%s: 400 with a short text, never the secret or the export', async (_case, name) => {
    const header = name?.replace('__PORT__', String(port));
    for (const path of [
      '/?path=/uw-husky-mobile',
      '/export.ndjson',
      '/export-version',
      '/studio-host.js',
    ]) {
      const answer = await exchange(path, header);
      expect(answer, path).toMatch(/^HTTP\/1\.[01] 400 /);
      expect(answer.split('\r\n\r\n')[1]).toBe('Bad Request: not a host of this site\n');
      expect(answer).not.toContain(SECRET);
    }
    // And it keeps serving its own.
    expect(await exchange('/export-version', `127.0.0.1:${port}`)).toMatch(/^HTTP\/1\.1 200 /);
  });
});
