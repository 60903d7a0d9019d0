/** Request log lines: method, path, status, duration. Never bodies, query strings or headers. */
export type LogSink = (line: string) => void;

export function requestLogLine(
  method: string,
  path: string,
  status: number,
  startedAt: number,
): string {
  const ms = (performance.now() - startedAt).toFixed(1);
  return `${new Date().toISOString()} ${method} ${path} ${status} ${ms}ms`;
}
