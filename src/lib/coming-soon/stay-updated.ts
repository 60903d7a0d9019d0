/**
 * The coming-soon page's 'Stay Updated' form (docs/behaviour.md §5): required, valid format, error once touched.
 * The email rule is the giveaway form's; the page script bundles only that constant.
 */
import { EMAIL_PATTERN } from '../giveaway/entry-rules.ts';

export const EMAIL_ERROR_TEXT = 'Please enter a valid email address.';
/** docs/behaviour.md §5: this text exists but is never shown; submitting only logs (the feature is deprecated). */
export const EMAIL_SUCCESS_TEXT = 'Thanks for registering, our team will get back to you.';

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The error to show: only once the field has been touched (left, or a submit tried) and is invalid. */
export function emailFieldError(value: string, touched: boolean): string | null {
  return touched && !isValidEmail(value) ? EMAIL_ERROR_TEXT : null;
}
