/** Pieces of the entry form: a field's error text and the digits-only phone input. */
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { digitsOnly, type EntryField } from '../../../lib/giveaway/entry-rules.ts';

export const errorId = (field: EntryField) => `giveaway-${field}-error`;

export function describedBy(field: EntryField, shown: boolean): string | undefined {
  return shown ? errorId(field) : undefined;
}

export function FieldError({
  field,
  shown,
  text,
}: {
  field: EntryField;
  shown: boolean;
  text: string;
}) {
  if (!shown) return null;
  return (
    <p className="entry-form__error" id={errorId(field)}>
      {text}
    </p>
  );
}

/** A printable key other than a digit; shortcuts (Ctrl/Cmd + key) and editing keys pass. */
export function isBlockedPhoneKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key.length === 1 && !/[0-9]/.test(event.key);
}

interface PhoneInputProps {
  value: string;
  maxDigits: number;
  onDigits: (digits: string) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * Key presses of non-digits are blocked; pasted text keeps only its digits. Anything else that
 * changes the value (autofill, drag and drop, phone keyboards without key events) is reduced
 * to digits as well.
 *
 * A text input with `autocomplete="tel-national"`: browsers fill the number without its country
 * code (2065550142, not +1 206…), which is what the form takes. HTML allows the `tel-*` part names
 * only on text inputs (`type="tel"` takes the whole number, `tel`); `inputMode` still brings up the
 * digit keypad on phones.
 */
export function PhoneInput({ value, maxDigits, onDigits, ...aria }: PhoneInputProps) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const pasted = digitsOnly(event.clipboardData.getData('text'));
    onDigits((value.slice(0, start) + pasted + value.slice(end)).slice(0, maxDigits));
  };
  return (
    <input
      id="giveaway-phone"
      name="phone"
      type="text"
      inputMode="numeric"
      autoComplete="tel-national"
      required
      maxLength={maxDigits}
      value={value}
      {...aria}
      onKeyDown={(event) => {
        if (isBlockedPhoneKey(event)) event.preventDefault();
      }}
      onPaste={onPaste}
      onChange={(event) => onDigits(digitsOnly(event.target.value).slice(0, maxDigits))}
    />
  );
}
