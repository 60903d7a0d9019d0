/**
 * The 'Stay Updated' form in the browser (docs/behaviour.md §5): the error appears once the field has been
 * touched and stays in step while typing. Nothing is sent: the sign-up is deprecated.
 */
import { emailFieldError } from './stay-updated.ts';

export function initStayUpdated(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type=email]');
  const error = form.querySelector<HTMLElement>('[data-email-error]');
  if (!input || !error) return;
  let touched = false;
  const show = () => {
    const message = emailFieldError(input.value, touched);
    if (error.textContent !== (message ?? '')) error.textContent = message ?? '';
    input.setAttribute('aria-invalid', String(message !== null));
  };
  input.addEventListener('blur', () => {
    touched = true;
    show();
  });
  input.addEventListener('input', show);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    touched = true;
    show();
    if (emailFieldError(input.value, true)) {
      input.focus();
      return;
    }
    // docs/behaviour.md §5: the sign-up is deprecated: nothing is sent and no success text is shown.
    console.info('Stay Updated: sign-ups are not collected yet; nothing was sent.');
  });
}
