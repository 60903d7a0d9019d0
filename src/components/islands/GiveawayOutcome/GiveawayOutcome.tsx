/**
 * The status part of the confirmation page: the outcome the entry form handed over, shown once.
 * Built (and shown without an outcome) as the school's current giveaway, passed in as static
 * children; after hydration it reads the hand-off and shows the success or error texts instead.
 * Nobody is thanked for an entry they did not just make.
 */
import type { ReactNode } from 'react';
import { takeOutcome, type EntryOutcome } from '../../../lib/giveaway/entry-submission.ts';
import type { ConfirmationProps } from '../../../lib/giveaway/island-props.ts';
import { useReadOnce } from '../hydration.ts';

function readOutcome(seoSlug: string): EntryOutcome | null {
  try {
    return takeOutcome(window.sessionStorage, seoSlug);
  } catch (error) {
    console.error('The giveaway result could not be read.', error);
    return null;
  }
}

export default function GiveawayOutcome({
  seoSlug,
  neutralTitle,
  success,
  error,
  children,
}: ConfirmationProps & { children?: ReactNode }) {
  // Read (and so removed) once, after hydration: the built page shows no outcome.
  const outcome = useReadOnce(() => readOutcome(seoSlug));

  // One live region from the first paint, so the texts that replace the neutral heading are announced.
  return (
    <div className="giveaway-outcome" data-status={outcome?.status ?? 'neutral'} aria-live="polite">
      {outcome?.status === 'success' && (
        <>
          <h1>{success.thanksHeader}</h1>
          <p className="giveaway-outcome__lead">{success.enteredHeader}</p>
          <p className="giveaway-outcome__message">{outcome.message}</p>
          <p className="giveaway-outcome__lead">{success.learnMore}</p>
        </>
      )}
      {outcome?.status === 'error' && (
        <>
          <h1 className="giveaway-outcome__error-title">{outcome.message}</h1>
          <p className="giveaway-outcome__lead">{error.dupSubmitError}</p>
          <p className="giveaway-outcome__lead">{error.phoneEmailError}</p>
          {/* The entrant can correct the entry: back to the school's giveaway route (form when open, closed page otherwise). */}
          <a className="button button--light giveaway-outcome__retry" href={error.retry.href}>
            {error.retry.text}
          </a>
        </>
      )}
      {!outcome && (children ?? <h1>{neutralTitle}</h1>)}
    </div>
  );
}
