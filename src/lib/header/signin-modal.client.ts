/** The sign-in <dialog>: how it opens and closes, and keeping Tab inside it while open. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** SPEC §2: the modal opens on arrival when the query has open=signin. */
export function wantsSignInOnArrival(search: string): boolean {
  return new URLSearchParams(search).get('open') === 'signin';
}

export function initSignInModal(dialog: HTMLDialogElement): void {
  let returnFocus: HTMLElement | null = null;

  const open = () => {
    if (dialog.open) return;
    returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
  };

  document.querySelectorAll<HTMLElement>('[data-signin]').forEach((button) => button.addEventListener('click', open));
  dialog.querySelector('[data-signin-close]')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop lands on the <dialog> itself (its content fills the box).
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    if (returnFocus?.isConnected) returnFocus.focus();
    returnFocus = null;
  });
  // Wrap Tab at both ends so focus never leaves for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  if (wantsSignInOnArrival(location.search)) open();
}
