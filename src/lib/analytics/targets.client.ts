/**
 * Which analytics event an interaction stands for, read from the markup: the closest
 * `[data-analytics]` element of a click, or a `<details data-analytics-expand>` that has
 * just opened (closing sends nothing). Names come from events.ts via those attributes.
 */
export function clickEventName(target: EventTarget | null): string | undefined {
  if (!(target instanceof Element)) return undefined;
  return target.closest('[data-analytics]')?.getAttribute('data-analytics')?.trim() || undefined;
}

export function expandEventName(target: EventTarget | null): string | undefined {
  if (!(target instanceof HTMLDetailsElement) || !target.open) return undefined;
  return target.getAttribute('data-analytics-expand')?.trim() || undefined;
}
