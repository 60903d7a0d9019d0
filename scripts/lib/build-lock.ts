/**
 * One Astro build at a time in this checkout. Builds started by tests and the bench share the
 * project's `.astro/` folder and Vite's caches (a build whose output is outside the project also
 * writes its prerender chunks to `.astro/.prerender/`), so two at once would overwrite each other's
 * files. The test run builds in two lanes side by side (scripts/test-all.sh): each such build waits
 * here for the one before it. A lock left by a process that no longer runs is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const PROJECT_LOCK = resolve(import.meta.dirname, '..', '..', '.astro', 'build.lock');
const WAIT_MS = 250;
const GIVE_UP_MS = 15 * 60_000;

function ownerIsGone(lockDir: string): boolean {
  try {
    const pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // No pid file yet (its owner is writing it) counts as held; a pid that no longer runs does not.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function acquire(lockDir: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lockDir, { recursive: false });
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        mkdirSync(resolve(lockDir, '..'), { recursive: true });
      else if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      else if (ownerIsGone(lockDir)) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() - started > GIVE_UP_MS)
        throw new Error(
          `waited ${GIVE_UP_MS / 60_000} min for another build to finish (${lockDir})`,
          { cause: error },
        );
      else await sleep(WAIT_MS);
    }
  }
}

export async function withBuildLock<T>(
  build: () => T | Promise<T>,
  lockDir = PROJECT_LOCK,
): Promise<T> {
  await acquire(lockDir);
  try {
    return await build();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
