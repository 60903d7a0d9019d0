/**
 * Whether the sign-in dialog is open. Shared by separate scripts: the header's sign-in button and
 * the `?open=signin` query open it; the dialog (SignInModal.astro) shows and closes itself to match,
 * and reports a close of its own (Escape) back here.
 */
import { atom } from 'nanostores';

export const $signInOpen = atom(false);

export function openSignIn(): void {
  $signInOpen.set(true);
}

export function closeSignIn(): void {
  $signInOpen.set(false);
}

/** SPEC §2: the dialog opens on arrival when the query has open=signin. */
export function wantsSignInOnArrival(search: string): boolean {
  return new URLSearchParams(search).get('open') === 'signin';
}

/** Opens the dialog when the page was asked for it (`?open=signin`). */
export function openSignInIfAsked(search: string): void {
  if (wantsSignInOnArrival(search)) openSignIn();
}
