/**
 * The giveaway entry form (docs/behaviour.md §5): validated with the shared rules, errors shown after a
 * submit attempt, one POST per submit, the outcome handed to the confirmation page.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useHydrated } from '../hydration.ts';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  US_STATES,
  validateEntry,
  type EntryField,
} from '../../../lib/giveaway/entry-rules.ts';
import {
  MISSING_GUID_MESSAGE,
  MISSING_SLUG_MESSAGE,
  confirmationPath,
  entryPayload,
  idempotencyKeys,
  saveOutcome,
  sendEntry,
  type EntryFormValues,
} from '../../../lib/giveaway/entry-submission.ts';
import type { EntryFormProps } from '../../../lib/giveaway/island-props.ts';
import { FieldError, PhoneInput, describedBy } from './fields.tsx';
import { goTo } from './navigate.client.ts';
import './entry-form.css';

const FIELD_ORDER: readonly EntryField[] = ['name', 'email', 'state', 'phone', 'agree'];
const EMPTY: EntryFormValues = { name: '', email: '', state: '', phone: '', agree: false };

export default function GiveawayEntryForm(props: EntryFormProps) {
  const { labels, errors: messages, terms } = props;
  const [values, setValues] = useState<EntryFormValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  // Until hydrated the button stays disabled: a native submit would put the entrant's details in the URL.
  const ready = useHydrated();
  const sendingNowRef = useRef(false);
  const [keyFor] = useState(idempotencyKeys);

  useEffect(() => {
    // Back to a page kept in the back/forward cache: the form must be usable again.
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sendingNowRef.current = false;
      setSending(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const { errors } = validateEntry(values);
  const invalid = (field: EntryField) => submitted && errors[field] !== undefined;
  const set = <K extends keyof EntryFormValues>(field: K, value: EntryFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const aria = (field: EntryField) => ({
    'aria-invalid': invalid(field),
    'aria-describedby': describedBy(field, invalid(field)),
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (sendingNowRef.current) return;
    setSubmitted(true);
    const check = validateEntry(values);
    if (!check.valid) {
      const first = FIELD_ORDER.find((field) => check.errors[field] !== undefined);
      // Every field's `name` is its EntryField.
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    if (!props.eventGUID) return console.error(MISSING_GUID_MESSAGE);
    if (!props.seoSlug) return console.error(MISSING_SLUG_MESSAGE);

    sendingNowRef.current = true;
    setSending(true);
    const payload = entryPayload(props.eventGUID, values);
    const outcome = await sendEntry(
      (url, init) => fetch(url, init),
      props.apiBase,
      payload,
      keyFor(payload),
    );
    try {
      saveOutcome(window.sessionStorage, props.seoSlug, outcome);
    } catch (error) {
      console.error('The giveaway result could not be kept for the confirmation page.', error);
    }
    goTo(confirmationPath(props.seoSlug));
  }

  return (
    <form
      className="entry-form"
      noValidate
      aria-labelledby={props.titleId}
      onSubmit={(event) => void submit(event)}
    >
      <div className="entry-form__field">
        <label htmlFor="giveaway-name">{labels.name}</label>
        <input
          id="giveaway-name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          required
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          {...aria('name')}
        />
        <FieldError field="name" shown={invalid('name')} text={messages.name} />
      </div>
      <div className="entry-form__field">
        <label htmlFor="giveaway-email">{labels.email}</label>
        <input
          id="giveaway-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          spellCheck={false}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          {...aria('email')}
        />
        <FieldError field="email" shown={invalid('email')} text={messages.email} />
      </div>
      <div className="entry-form__row">
        <div className="entry-form__field">
          <label htmlFor="giveaway-state">{labels.state}</label>
          <select
            id="giveaway-state"
            name="state"
            autoComplete="address-level1"
            required
            value={values.state}
            onChange={(event) => set('state', event.target.value)}
            {...aria('state')}
          >
            <option value="">{props.statePlaceholder}</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
          <FieldError field="state" shown={invalid('state')} text={messages.state} />
        </div>
        <div className="entry-form__field">
          <label htmlFor="giveaway-phone">{labels.phone}</label>
          <PhoneInput
            value={values.phone}
            maxDigits={PHONE_MAX_DIGITS}
            onDigits={(digits) => set('phone', digits)}
            {...aria('phone')}
          />
          <FieldError field="phone" shown={invalid('phone')} text={messages.phone} />
        </div>
      </div>
      <div className="entry-form__field entry-form__field--check">
        <input
          id="giveaway-agree"
          name="agree"
          type="checkbox"
          required
          checked={values.agree}
          onChange={(event) => set('agree', event.target.checked)}
          {...aria('agree')}
        />
        <label htmlFor="giveaway-agree">
          {terms.leadingText && `${terms.leadingText} `}
          {terms.href ? (
            <a
              href={terms.href}
              {...(terms.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {terms.linkText}
              {terms.external && <span className="visually-hidden"> (opens in a new tab)</span>}
            </a>
          ) : (
            terms.linkText
          )}
          {terms.trailingText &&
            (/^[.,;:!?]/.test(terms.trailingText) ? terms.trailingText : ` ${terms.trailingText}`)}
        </label>
        <FieldError field="agree" shown={invalid('agree')} text={messages.agree} />
      </div>
      <button
        type="submit"
        className="button button--primary entry-form__submit"
        disabled={!ready || sending}
        aria-busy={sending}
      >
        {sending ? props.sendingText : props.submitText}
      </button>
    </form>
  );
}
