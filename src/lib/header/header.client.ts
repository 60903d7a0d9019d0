/**
 * Header behaviour in the browser: the small-screen menu (toggled by the hamburger, closed
 * by scrolling, Escape, a click on the dimmed page or choosing a link; Escape returns focus to
 * the button), the sign-in button (opens the sign-in dialog through the shared sign-in state)
 * and the delayed scroll to a #fragment on arrival.
 * In-page anchor clicks need no script: `scroll-padding-top` in global.css gives the offset.
 */
import { openSignIn } from '../../stores/signin.ts';
import { FRAGMENT_SCROLL_DELAY_MS, anchorScrollTop, fragmentId } from './anchors.ts';

/** Every [data-signin] button opens the sign-in dialog (SignInModal.astro follows $signInOpen). */
export function initSignInButtons(root: ParentNode): void {
  root
    .querySelectorAll<HTMLElement>('[data-signin]')
    .forEach((button) => button.addEventListener('click', openSignIn));
}

export function initMobileMenu(header: HTMLElement): void {
  const button = header.querySelector<HTMLButtonElement>('[data-menu-button]');
  const menu = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !menu) return;

  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    header.toggleAttribute('data-menu-open', open);
    if (open) window.addEventListener('scroll', close, { passive: true, once: true });
    else window.removeEventListener('scroll', close);
  };
  const close = () => setOpen(false);

  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('a')) close();
  });
  // The backdrop is the header's ::after: a click on it lands on the header element itself.
  header.addEventListener('click', (event) => {
    if (event.target === header) close();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && header.hasAttribute('data-menu-open')) {
      close();
      button.focus();
    }
  });
}

export function scrollToFragmentLater(): void {
  const id = fragmentId(location.hash);
  if (!id) return;
  window.setTimeout(() => {
    const target = document.getElementById(id);
    if (!target) return;
    // The parts below the first screen are skipped at load (content-visibility in global.css), sized
    // by a placeholder: laid out for real now, nothing above the anchor changes height after the scroll.
    document.documentElement.setAttribute('data-full-layout', '');
    window.scrollTo({
      top: anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, window.innerWidth),
      behavior: 'instant',
    });
  }, FRAGMENT_SCROLL_DELAY_MS);
}
