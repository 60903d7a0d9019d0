/**
 * Values an island can know only in the browser, read as React hydrates: the hydrating render
 * uses the server's value, so it matches the HTML the build wrote, and React renders again at
 * once with the browser's.
 */
import { useState, useSyncExternalStore } from 'react';

/** Neither value ever changes after the first read: nothing to subscribe to. */
const noChanges = () => () => {};

/** False while hydrating (as in the built HTML), true from the render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/** `read()`'s answer, called once in the component's life after hydration; null before, as in the built HTML. */
export function useReadOnce<T>(read: () => T): T | null {
  const [once] = useState(() => {
    let kept: { value: T } | undefined;
    return () => (kept ??= { value: read() }).value;
  });
  return useSyncExternalStore(noChanges, once, () => null);
}
