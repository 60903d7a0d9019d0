/** Full navigation to another static page (its own module so island tests can observe it). */
export function goTo(path: string): void {
  window.location.assign(path);
}
