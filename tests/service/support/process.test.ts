/**
 * Starting a process and waiting until it is ready (scripts/support/process.ts), with small Node
 * scripts standing in for the local stack: ready when its output says so (the address it printed
 * in the match) or when the caller's check answers true; a process that exits first, or is not
 * ready in time, fails the start with its output; `stop` answers its exit code.
 */
import { describe, expect, it } from 'vitest';
import { SERVING, startProcess } from '../../../scripts/support/process.ts';

const script = (source: string) => ['--input-type=module', '-e', source];
const SERVES = `
  console.log('Site:      http://127.0.0.1:41234');
  setTimeout(() => console.log('Press Ctrl+C to stop.'), 50);
  process.on('SIGTERM', () => process.exit(0));
  process.on('SIGINT', () => process.exit(3));
  setInterval(() => {}, 1000);
`;

describe('startProcess', () => {
  it('waits for the ready line, keeps the output, and stops the process', async () => {
    const started = await startProcess({
      name: 'the stand-in',
      args: script(SERVES),
      ready: SERVING,
    });
    expect(started.output()).toContain('Site:      http://127.0.0.1:41234');
    expect(started.output()).toMatch(SERVING);
    expect(await started.stop('SIGINT')).toBe(3);
    expect(await started.stop()).toBe(3);
  });

  it('hands back what a ready pattern matched', async () => {
    const started = await startProcess({
      name: 'the stand-in',
      args: script(SERVES),
      ready: /Site: +(http:\/\/\S+)[\s\S]*Press Ctrl\+C/,
    });
    expect(started.match?.[1]).toBe('http://127.0.0.1:41234');
    expect(await started.stop()).toBe(0);
  });

  it('takes a check of the caller’s, asked again until it answers true', async () => {
    let asked = 0;
    const started = await startProcess({
      name: 'the stand-in',
      args: script(SERVES),
      ready: () => Promise.resolve((asked += 1) >= 3),
    });
    expect(asked).toBe(3);
    await started.stop();
  });

  it('fails with the output when the process exits before it is ready', async () => {
    await expect(
      startProcess({
        name: 'the stand-in',
        args: script("console.error('no dist/ here'); process.exit(1);"),
        ready: SERVING,
      }),
    ).rejects.toThrow(/the stand-in exited with 1 before it was ready:\nno dist\/ here/);
  });

  it('fails, and stops the process, when it is not ready in time', async () => {
    const error = await startProcess({
      name: 'the stand-in',
      args: script('console.log(`starting as ${process.pid}`); setInterval(() => {}, 1000);'),
      ready: SERVING,
      timeoutMs: 500,
    }).then(
      () => 'ready',
      (failure: unknown) => (failure as Error).message,
    );
    expect(error).toMatch(/the stand-in was not ready within 0.5 s:\nstarting as \d+/);
    const pid = Number(/starting as (\d+)/.exec(error)![1]);
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });
});
