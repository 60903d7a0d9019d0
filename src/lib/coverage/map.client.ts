/**
 * The coverage map panel in the browser: when content names a map that may be embedded, its
 * button loads the frame into the panel in place of the illustration. Offline, nothing is
 * loaded and the panel says so; a frame the page's policy blocks is removed again.
 */
export const OFFLINE_TEXT =
  'You appear to be offline: the interactive map needs a connection. The ZIP check works as soon as you are back online.';
export const BLOCKED_TEXT =
  'The interactive map could not be shown here. Open the full coverage map instead.';

export function initCoverageMap(figure: HTMLElement): void {
  const embedUrl = figure.dataset['embedUrl'];
  const button = figure.querySelector<HTMLButtonElement>('[data-coverage-load]');
  const stage = figure.querySelector<HTMLElement>('[data-coverage-stage]');
  const art = figure.querySelector<SVGElement>('[data-coverage-art]');
  const status = figure.querySelector<HTMLElement>('[data-coverage-status]');
  if (!embedUrl || !button || !stage || !art || !status) return;
  button.hidden = false;

  const restore = (message: string) => {
    stage.querySelector('iframe')?.remove();
    art.removeAttribute('hidden');
    button.hidden = false;
    status.textContent = message;
  };

  button.addEventListener('click', () => {
    if (!navigator.onLine) {
      status.textContent = OFFLINE_TEXT;
      return;
    }
    const frame = document.createElement('iframe');
    frame.src = embedUrl;
    frame.title = figure.dataset['embedTitle'] ?? 'Coverage map';
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    art.setAttribute('hidden', '');
    stage.append(frame);
    button.hidden = true;
    status.textContent = '';
    frame.focus();
  });

  // A frame-src violation means the policy does not allow this map: keep the panel instead.
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.violatedDirective.startsWith('frame-src') && stage.querySelector('iframe'))
      restore(BLOCKED_TEXT);
  });
  window.addEventListener('offline', () => {
    if (stage.querySelector('iframe')) restore(OFFLINE_TEXT);
  });
}
