/**
 * Advances a rotating background every 5 s by moving `data-active` and the `is-active` class
 * through its images. Held still for visitors who ask for reduced motion.
 */
import { BACKGROUND_ROTATION_MS, nextBackgroundIndex } from './rotating-background.ts';

export function startBackgroundRotation(root: HTMLElement): () => void {
  const images = [...root.querySelectorAll<HTMLElement>('[data-background-image]')];
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  if (images.length < 2 || reduceMotion.matches) return () => {};
  let active = Number(root.dataset['active'] ?? 0);
  const timer = window.setInterval(() => {
    images[active]?.classList.remove('is-active');
    active = nextBackgroundIndex(active, images.length);
    images[active]?.classList.add('is-active');
    root.dataset['active'] = String(active);
  }, BACKGROUND_ROTATION_MS);
  return () => window.clearInterval(timer);
}
