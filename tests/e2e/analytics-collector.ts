/**
 * A stand-in for the analytics API in e2e tests: records every batch POSTed to /v1/b and
 * answers with scripted statuses (then 200), with CORS so the page may post to it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SegmentEvent {
  type: string;
  event?: string;
  name?: string;
  messageId: string;
  timestamp: string;
  properties: Record<string, unknown>;
}

export interface ReceivedBatch {
  at: number;
  status: number;
  headers: IncomingHttpHeaders;
  body: { writeKey?: string; batch: SegmentEvent[] };
}

export interface ScriptedReply {
  status: number;
  headers?: Record<string, string>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-retry-count',
};

export async function startCollector() {
  const batches: ReceivedBatch[] = [];
  const others: string[] = [];
  let script: ScriptedReply[] = [];

  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/b') {
        others.push(`${request.method} ${request.url}`);
        response.writeHead(404, CORS).end();
        return;
      }
      const reply = script.shift() ?? { status: 200 };
      batches.push({
        at: Date.now(),
        status: reply.status,
        headers: request.headers,
        body: JSON.parse(text) as ReceivedBatch['body'],
      });
      response.writeHead(reply.status, {
        ...CORS,
        'access-control-expose-headers': 'retry-after',
        ...reply.headers,
        'content-type': 'application/json',
      });
      response.end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;

  return {
    apiHost: `http://127.0.0.1:${port}/v1`,
    batches,
    /** Requests that were not event batches (there should be none). */
    others,
    /** Statuses for the next batches, in order; afterwards every batch gets 200. */
    replyWith(replies: ScriptedReply[]) {
      script = [...replies];
    },
    reset() {
      batches.length = 0;
      others.length = 0;
      script = [];
    },
    /** Every event the collector accepted (answered 2xx), in arrival order. */
    accepted(): SegmentEvent[] {
      return batches.filter((b) => b.status < 300).flatMap((b) => b.body.batch);
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
