/**
 * Props for the giveaway islands: small, serialisable, made from the content documents.
 * The islands never see a whole document.
 */
import type { TenantDocuments } from '../content/schemas.ts';
import { schoolLink } from '../links/classify.ts';
import type { EntryField } from './entry-rules.ts';
import { SENDING_TEXT } from './entry-submission.ts';

export const STATE_PLACEHOLDER = 'Select your State';

/** Field labels: the content has none, so these are the site's own. */
export const FIELD_LABELS: Readonly<Record<Exclude<EntryField, 'agree'>, string>> = {
  name: 'Name',
  email: 'Email',
  state: 'State',
  phone: 'Phone',
};

export interface TermsProps {
  leadingText: string;
  linkText: string;
  /** Absent when the content's link is unsafe: the text shows without a link. */
  href?: string;
  external: boolean;
  trailingText: string;
}

export interface EntryFormProps {
  eventGUID: string;
  apiBase: string;
  seoSlug: string;
  /** id of the heading that names the form. */
  titleId: string;
  labels: Record<Exclude<EntryField, 'agree'>, string>;
  statePlaceholder: string;
  errors: Record<EntryField, string>;
  terms: TermsProps;
  submitText: string;
  sendingText: string;
}

interface EntryFormInput {
  doc: TenantDocuments['giveawayForm'];
  eventGUID: string;
  apiBase: string;
  seoSlug: string;
  titleId: string;
}

export function entryFormProps({
  doc,
  eventGUID,
  apiBase,
  seoSlug,
  titleId,
}: EntryFormInput): EntryFormProps {
  const terms = doc.termsContent[0];
  const link = schoolLink(seoSlug, terms?.termsUrl);
  return {
    eventGUID,
    apiBase,
    seoSlug,
    titleId,
    labels: { ...FIELD_LABELS },
    statePlaceholder: STATE_PLACEHOLDER,
    errors: {
      name: doc.nameRequiredError,
      email: doc.validEmailError,
      state: doc.stateRequiredError,
      phone: doc.phoneRequiredError,
      agree: doc.agreeToTermsError,
    },
    terms: {
      leadingText: terms?.leadingText?.trim() ?? '',
      linkText: terms?.termsText ?? '',
      ...(link && link.kind !== 'anchor' ? { href: link.href } : {}),
      external: link?.kind === 'external',
      trailingText: terms?.trailingText?.trim() ?? '',
    },
    submitText: doc.enterButtonText,
    sendingText: SENDING_TEXT,
  };
}

/** The texts of the way back after a failed entry: the content has none, so these are the site's own. */
export const RETRY_LINK_TEXT = {
  open: 'Back to the entry form',
  closed: 'Back to the giveaway',
} as const;

export interface ConfirmationProps {
  seoSlug: string;
  /** The heading when the page is reached directly (no outcome) and no current giveaway is passed in. */
  neutralTitle: string;
  success: { thanksHeader: string; enteredHeader: string; learnMore: string };
  /** After a failed entry: the texts, and the way back to the school's current giveaway route. */
  error: { dupSubmitError: string; phoneEmailError: string; retry: { text: string; href: string } };
}

/** `giveaway`: whether the school's event is open, and its giveaway route (the entry form, or the closed page). */
export function confirmationProps(
  doc: TenantDocuments['giveawayConfirmation'],
  seoSlug: string,
  productName: string,
  giveaway: { open: boolean; route: string },
): ConfirmationProps {
  return {
    seoSlug,
    neutralTitle: `${productName} Giveaway`,
    success: {
      thanksHeader: doc.thanksHeader,
      enteredHeader: doc.enteredHeader,
      learnMore: doc.learnMore,
    },
    error: {
      dupSubmitError: doc.dupSubmitError,
      phoneEmailError: doc.phoneEmailError,
      retry: {
        text: giveaway.open ? RETRY_LINK_TEXT.open : RETRY_LINK_TEXT.closed,
        href: giveaway.route,
      },
    },
  };
}
