/**
 * Whether the sign-in dialog is open, shared by separate pieces of browser code: the header's
 * sign-in button (header.client.ts) opens it; the dialog (signin-modal.client.ts) opens on
 * `?open=signin`, shows and closes itself to match, and writes a close of its own (Escape) back here.
 */
import { atom } from 'nanostores';

export const $signInOpen = atom(false);

export function openSignIn(): void {
  $signInOpen.set(true);
}

export function closeSignIn(): void {
  $signInOpen.set(false);
}

/** docs/behaviour.md §2: the dialog opens on arrival when the query has open=signin. */
export function wantsSignInOnArrival(search: string): boolean {
  return new URLSearchParams(search).get('open') === 'signin';
}
