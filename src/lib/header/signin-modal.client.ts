/**
 * The sign-in <dialog>: it shows and closes as the shared sign-in state says ($signInOpen), keeps
 * Tab inside while open and gives focus back on close. The header's button and `?open=signin`
 * open it through the same state.
 */
import { $signInOpen, closeSignIn, openSignIn, wantsSignInOnArrival } from '../../stores/signin.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Wires the dialog to the shared state; returns the function that unwires it from the state. */
export function initSignInModal(dialog: HTMLDialogElement): () => void {
  let returnFocus: HTMLElement | null = null;

  const stop = $signInOpen.subscribe((open) => {
    if (open === dialog.open) return;
    if (open) {
      returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else {
      dialog.close();
    }
  });

  // The close button, and a click on the backdrop (it lands on the <dialog> itself: its content fills the box).
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || (event.target as Element).closest('[data-signin-close]'))
      closeSignIn();
  });
  // However it closed (Escape included), the state follows and focus goes back.
  dialog.addEventListener('close', () => {
    closeSignIn();
    if (returnFocus?.isConnected) returnFocus.focus();
    returnFocus = null;
  });
  // Wrap Tab at both ends so focus never leaves for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = dialog.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = items[0];
    const last = items[items.length - 1];
    if (first && last && document.activeElement === (event.shiftKey ? first : last)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });

  if (wantsSignInOnArrival(location.search)) openSignIn();
  return stop;
}
