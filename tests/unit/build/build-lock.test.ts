import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { withBuildLock } from '../../../scripts/lib/build-lock.ts';

describe('one build at a time', () => {
  const dirs: string[] = [];
  const lockIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'build-lock-'));
    dirs.push(dir);
    return join(dir, 'build.lock');
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('a second build waits until the first is done, and the lock is gone afterwards', async () => {
    const lock = lockIn();
    const events: string[] = [];
    const build = (name: string) =>
      withBuildLock(async () => {
        events.push(`${name} starts`);
        await sleep(100);
        events.push(`${name} ends`);
        return name;
      }, lock);
    expect(await Promise.all([build('a'), build('b')])).toEqual(['a', 'b']);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
    expect(existsSync(lock)).toBe(false);
  });

  it('a failing build still lets the next one run', async () => {
    const lock = lockIn();
    await expect(
      withBuildLock(() => {
        throw new Error('build failed');
      }, lock),
    ).rejects.toThrow('build failed');
    await expect(withBuildLock(() => 'next', lock)).resolves.toBe('next');
  });

  it('a lock left by a process that no longer runs is taken over', async () => {
    const lock = lockIn();
    mkdirSync(lock);
    // Process ids wrap far below this: no process has it.
    writeFileSync(join(lock, 'pid'), '2147483646');
    await expect(withBuildLock(() => 'taken over', lock)).resolves.toBe('taken over');
  });
});
