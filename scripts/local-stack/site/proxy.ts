/** Forwards a request to another origin (the local API) and streams the answer back. */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export function proxyRequest(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  target: URL,
  onDone: (status: number) => void = () => {},
): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
  }
  headers['host'] = target.host;
  headers['x-forwarded-host'] = incoming.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(target, { method: incoming.method ?? 'GET', headers }, (answer) => {
    const answerHeaders: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) answerHeaders[name] = value;
    }
    outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
    answer.pipe(outgoing);
    answer.on('end', () => onDone(answer.statusCode ?? 502));
  });
  upstream.on('error', () => {
    if (!outgoing.headersSent) {
      outgoing.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      outgoing.end(
        JSON.stringify({ error: { resultCode: { message: 'The local API is not reachable.' } } }),
      );
    } else {
      outgoing.destroy();
    }
    onDone(502);
  });
  incoming.pipe(upstream);
}
