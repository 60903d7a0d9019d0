/**
 * One check on the coverage page: a labelled digits field, its error after a submit,
 * and the result in a polite live region (errors are announced there too).
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import type { ResultMessage } from '../../../lib/coverage/checks.ts';

export interface CheckFormProps {
  title: string;
  intro: string;
  label: string;
  hint: string;
  buttonText: string;
  autoComplete: string;
  name: string;
  validate: (value: string) => string | null;
  check: (value: string) => ResultMessage;
}

const ICONS: Record<ResultMessage['tone'], string> = { positive: '✓', negative: '✕', neutral: '?' };

export default function CheckForm(props: CheckFormProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ResultMessage | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const problem = props.validate(value);
    setError(problem);
    if (problem) {
      setResult(null);
      setAnnouncement(problem);
      inputRef.current?.focus();
      return;
    }
    const outcome = props.check(value);
    setResult(outcome);
    setAnnouncement('');
  };

  const onChange = (next: string) => {
    setValue(next);
    setResult(null);
    setAnnouncement('');
    // After a first attempt, the error follows the input so it disappears once fixed.
    if (attempted) setError(props.validate(next));
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form className="check" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="check__title">
        {props.title}
      </h2>
      <p className="check__intro">{props.intro}</p>
      <label htmlFor={`${id}-input`} className="check__label">
        {props.label}
      </label>
      <p id={hintId} className="check__hint">
        {props.hint}
      </p>
      <div className="check__row">
        <input
          ref={inputRef}
          id={`${id}-input`}
          name={props.name}
          type="text"
          inputMode="numeric"
          autoComplete={props.autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="submit" className="button button--primary check__button">
          {props.buttonText}
        </button>
      </div>
      {error && (
        <p id={errorId} className="check__error">
          {error}
        </p>
      )}
      <div className="check__status" role="status">
        {result && (
          <div
            className={`check__result check__result--${result.tone}`}
            data-result-tone={result.tone}
          >
            <span className="check__result-icon" aria-hidden="true">
              {ICONS[result.tone]}
            </span>
            <p>
              <strong>{result.title}</strong> {result.detail}
            </p>
          </div>
        )}
        {announcement && <span className="visually-hidden">{announcement}</span>}
      </div>
    </form>
  );
}
