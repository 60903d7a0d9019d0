/**
 * Advances a rotating background every 5 s by moving `data-active` and the `is-active` class
 * through its images. Held still for visitors who ask for reduced motion (the pause button is
 * then hidden: nothing moves), and while the visitor has paused it with the button, a toggle
 * (`aria-pressed`) whose choice holds for the visit (sessionStorage, read before the first rotation).
 */
import {
  BACKGROUND_ROTATION_MS,
  backgroundMoves,
  nextBackgroundIndex,
  pausedByVisitor,
  rememberPause,
  type ChoiceStore,
} from './rotating-background.ts';

function sessionStore(): ChoiceStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function startBackgroundRotation(
  root: HTMLElement,
  toggle?: HTMLButtonElement | null,
): () => void {
  const images = [...root.querySelectorAll<HTMLElement>('[data-background-image]')];
  if (images.length < 2) return () => {};
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const store = sessionStore();
  let paused = pausedByVisitor(store);
  let active = Number(root.dataset['active'] ?? 0);
  let timer: number | undefined;

  const advance = () => {
    images[active]?.classList.remove('is-active');
    active = nextBackgroundIndex(active, images.length);
    images[active]?.classList.add('is-active');
    root.dataset['active'] = String(active);
  };
  const update = () => {
    const moves = backgroundMoves({
      images: images.length,
      paused,
      reduceMotion: reduceMotion.matches,
    });
    if (moves && timer === undefined) timer = window.setInterval(advance, BACKGROUND_ROTATION_MS);
    if (!moves && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
    // Paused means still at once: the cross-fade and zoom under way end where they were going.
    root.toggleAttribute('data-paused', paused);
    if (toggle) {
      toggle.setAttribute('aria-pressed', String(paused));
      toggle.hidden = reduceMotion.matches;
    }
  };
  const onToggle = () => {
    paused = !paused;
    rememberPause(store, paused);
    update();
  };

  toggle?.addEventListener('click', onToggle);
  reduceMotion.addEventListener('change', update);
  update();
  return () => {
    window.clearInterval(timer);
    toggle?.removeEventListener('click', onToggle);
    reduceMotion.removeEventListener('change', update);
  };
}
