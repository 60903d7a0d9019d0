// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initSignInButtons } from '../../../src/lib/header/header.client.ts';
import { initSignInModal } from '../../../src/lib/header/signin-modal.client.ts';
import { $signInOpen, closeSignIn } from '../../../src/stores/signin.ts';

/**
 * jsdom has no showModal/close: stand-ins that behave like a browser's for what the module uses
 * (the `open` attribute, focus moving into the dialog, and a `close` event when an open dialog
 * closes, fired after the call).
 */
function nativeDialog(dialog: HTMLDialogElement): void {
  dialog.showModal = () => {
    dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>('a[href], button')?.focus();
  };
  dialog.close = () => {
    if (!dialog.open) return;
    dialog.removeAttribute('open');
    queueMicrotask(() => dialog.dispatchEvent(new Event('close')));
  };
}

/** The header button and the dialog as SiteHeader.astro and SignInModal.astro write them. */
function renderPage(search = ''): { button: HTMLButtonElement; dialog: HTMLDialogElement } {
  history.replaceState(null, '', `/school${search}`);
  document.body.innerHTML = `
    <header data-site-header><button type="button" data-signin aria-haspopup="dialog" data-analytics="header.signin">Sign In</button></header>
    <dialog id="signin-modal" aria-labelledby="t" data-signin-modal>
      <div><h2 id="t">Sign In</h2>
        <ul><li><a href="https://fan.example">Fan</a></li><li><a href="https://student.example">Student</a></li></ul>
        <button type="button" data-signin-close>Close</button>
      </div>
    </dialog>`;
  const button = document.querySelector<HTMLButtonElement>('[data-signin]')!;
  const dialog = document.querySelector<HTMLDialogElement>('[data-signin-modal]')!;
  nativeDialog(dialog);
  initSignInButtons(document);
  stops.push(initSignInModal(dialog));
  return { button, dialog };
}

const stops: Array<() => void> = [];
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/** Presses Tab (or Shift+Tab) on the focused element; true when the dialog kept focus from moving on. */
const tab = (shiftKey = false) => {
  const event = new KeyboardEvent('keydown', {
    key: 'Tab',
    shiftKey,
    bubbles: true,
    cancelable: true,
  });
  document.activeElement!.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  closeSignIn();
  document.body.innerHTML = '';
});

describe('the sign-in dialog', () => {
  it('opens from the header button, closes with its close button and gives focus back', async () => {
    const { button, dialog } = renderPage();
    expect(dialog.open).toBe(false);
    button.focus();
    button.click();
    expect(dialog.open).toBe(true);
    expect($signInOpen.get()).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);

    dialog.querySelector<HTMLButtonElement>('[data-signin-close]')!.click();
    expect(dialog.open).toBe(false);
    await settle();
    expect($signInOpen.get()).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('follows a close of its own (Escape) and opens again from the button', async () => {
    const { button, dialog } = renderPage();
    button.focus();
    button.click();
    dialog.close(); // what the browser does on Escape
    await settle();
    expect($signInOpen.get()).toBe(false);
    expect(document.activeElement).toBe(button);
    button.click();
    expect(dialog.open).toBe(true);
  });

  it('closes on a click on the backdrop, not on a click inside', async () => {
    const { button, dialog } = renderPage();
    button.click();
    dialog.querySelector('h2')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(dialog.open).toBe(false);
    await settle();
    expect($signInOpen.get()).toBe(false);
  });

  it('opens on arrival with ?open=signin, and not with another value', () => {
    expect(renderPage('?open=other').dialog.open).toBe(false);
    for (const stop of stops.splice(0)) stop();
    expect(renderPage('?utm=x&open=signin').dialog.open).toBe(true);
  });

  it('keeps Tab inside: forward from the last control to the first, back from the first to the last', () => {
    const { button, dialog } = renderPage();
    button.click();
    const controls = [...dialog.querySelectorAll<HTMLElement>('a[href], button')];
    controls.at(-1)!.focus();
    expect(tab()).toBe(true);
    expect(document.activeElement).toBe(controls[0]);
    expect(tab(true)).toBe(true);
    expect(document.activeElement).toBe(controls.at(-1));
    controls[1]!.focus();
    expect(tab()).toBe(false); // in the middle the browser moves focus itself
  });
});
