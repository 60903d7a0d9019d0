/** Listening and closing helpers shared by the API and the static server. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  close: () => Promise<void>;
}

export function listen(
  server: Server,
  port: number,
  host: string,
  onClose: () => void = () => {},
): Promise<RunningServer> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      const actual = (server.address() as AddressInfo).port;
      done({
        server,
        port: actual,
        url: `http://${host}:${actual}`,
        close: () =>
          new Promise((closed) => {
            server.close(() => {
              onClose();
              closed();
            });
            server.closeAllConnections();
          }),
      });
    });
  });
}
