// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import GiveawayEntryForm from '../../../src/components/islands/GiveawayEntryForm/GiveawayEntryForm.tsx';
import { goTo } from '../../../src/components/islands/GiveawayEntryForm/navigate.client.ts';
import {
  ENTRY_SUCCESS_MESSAGE,
  MISSING_GUID_MESSAGE,
  MISSING_SLUG_MESSAGE,
  OUTCOME_STORAGE_KEY,
  type FetchLike,
} from '../../../src/lib/giveaway/entry-submission.ts';
import type { EntryFormProps } from '../../../src/lib/giveaway/island-props.ts';

vi.mock('../../../src/components/islands/GiveawayEntryForm/navigate.client.ts', () => ({
  goTo: vi.fn(),
}));

const ERRORS = {
  name: 'Name please.',
  email: 'Email please.',
  state: 'State please.',
  phone: 'Phone please.',
  agree: 'Agree please.',
};
const PROPS: EntryFormProps = {
  eventGUID: 'event-1',
  apiBase: 'http://api.test',
  seoSlug: 'uw-husky-mobile',
  titleId: 'title',
  labels: { name: 'Name', email: 'Email', state: 'State', phone: 'Phone' },
  statePlaceholder: 'Select your State',
  errors: ERRORS,
  terms: {
    leadingText: 'I agree to the',
    linkText: 'Official Rules',
    href: 'https://rules.example',
    external: true,
    trailingText: '.',
  },
  submitText: 'Enter Now',
  sendingText: 'Sending…',
};

let fetchMock: Mock<FetchLike>;
beforeEach(() => {
  fetchMock = vi.fn(() =>
    Promise.resolve({ ok: true, text: () => Promise.resolve('{"result":{}}') }),
  );
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(goTo).mockClear();
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enter Now' }));

function fillValid(except?: keyof typeof ERRORS) {
  if (except !== 'name') fireEvent.change(field('Name'), { target: { value: 'Pat Husky' } });
  if (except !== 'email')
    fireEvent.change(field('Email'), { target: { value: 'pat@example.com' } });
  if (except !== 'state') fireEvent.change(field('State'), { target: { value: 'WA' } });
  if (except !== 'phone') fireEvent.change(field('Phone'), { target: { value: '2065550142' } });
  if (except !== 'agree') fireEvent.click(screen.getByRole('checkbox'));
}

describe('giveaway entry form island', () => {
  it('shows no errors before a submit attempt', () => {
    render(<GiveawayEntryForm {...PROPS} />);
    for (const text of Object.values(ERRORS)) expect(screen.queryByText(text)).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBe('false');
  });

  it('an empty submit shows every error, marks every field, focuses the first and sends nothing', () => {
    render(<GiveawayEntryForm {...PROPS} />);
    submit();
    for (const text of Object.values(ERRORS)) expect(screen.getByText(text)).toBeTruthy();
    for (const label of ['Name', 'Email', 'State', 'Phone']) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(
        document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
      ).toBeTruthy();
    }
    expect(screen.getByRole('checkbox').getAttribute('aria-describedby')).toBe(
      'giveaway-agree-error',
    );
    expect(document.activeElement).toBe(field('Name'));
    expect(fetchMock).toHaveBeenCalledTimes(0);
  });

  it.each(Object.keys(ERRORS) as (keyof typeof ERRORS)[])(
    'only the %s error shows, with the focus on its field, when only that field is wrong',
    (wrong) => {
      render(<GiveawayEntryForm {...PROPS} />);
      fillValid(wrong);
      submit();
      for (const [name, text] of Object.entries(ERRORS))
        expect(Boolean(screen.queryByText(text))).toBe(name === wrong);
      expect(document.activeElement?.getAttribute('name')).toBe(wrong);
      expect(fetchMock).toHaveBeenCalledTimes(0);
    },
  );

  it('the state select starts with the empty placeholder, then the 50 states and DC', () => {
    render(<GiveawayEntryForm {...PROPS} />);
    const options = [...(field('State') as unknown as HTMLSelectElement).options];
    expect(options[0]).toMatchObject({ value: '', textContent: 'Select your State' });
    expect(options).toHaveLength(52);
  });

  it('blocks letter key presses in the phone field but not digits or editing keys', () => {
    render(<GiveawayEntryForm {...PROPS} />);
    const phone = field('Phone');
    expect(phone.inputMode).toBe('numeric');
    // The national number (no +1): a part name HTML allows only on a text input.
    expect([phone.type, phone.getAttribute('autocomplete')]).toEqual(['text', 'tel-national']);
    for (const key of ['a', 'Z', '-', ' ', '+', '('])
      expect(fireEvent.keyDown(phone, { key })).toBe(false);
    for (const key of ['5', '0', 'Backspace', 'ArrowLeft', 'Tab'])
      expect(fireEvent.keyDown(phone, { key })).toBe(true);
    expect(fireEvent.keyDown(phone, { key: 'v', ctrlKey: true })).toBe(true);
  });

  it('pasting into the phone field keeps only the digits', () => {
    render(<GiveawayEntryForm {...PROPS} />);
    const phone = field('Phone');
    fireEvent.paste(phone, { clipboardData: { getData: () => '+1 (206) 555-0142' } });
    expect(phone.value).toBe('12065550142');
    fireEvent.change(phone, { target: { value: '206-555-01ab42' } });
    expect(phone.value).toBe('2065550142');
  });

  it('a valid submit sends one request, says it is sending, hands the outcome over and navigates', async () => {
    let answer!: (value: Awaited<ReturnType<FetchLike>>) => void;
    fetchMock.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    render(<GiveawayEntryForm {...PROPS} />);
    fillValid();
    submit();
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/k1mobile/giveaway/entry');
    expect(JSON.parse(init.body as string)).toEqual({
      eventGUID: 'event-1',
      name: 'Pat Husky',
      emailAddress: 'pat@example.com',
      stateCode: 'WA',
      phone: '2065550142',
      agreeToGiveawayTerms: true,
    });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    await act(() =>
      Promise.resolve(answer({ ok: true, text: () => Promise.resolve('{"result":{}}') })),
    );
    expect(JSON.parse(sessionStorage.getItem(OUTCOME_STORAGE_KEY)!)).toEqual({
      seoSlug: 'uw-husky-mobile',
      status: 'success',
      message: ENTRY_SUCCESS_MESSAGE,
    });
    expect(goTo).toHaveBeenCalledWith('/uw-husky-mobile/giveaway-confirmation');
  });

  it('without an event id, or without the school slug, logs and sends nothing', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [props, message] of [
      [{ eventGUID: '' }, MISSING_GUID_MESSAGE],
      [{ seoSlug: '' }, MISSING_SLUG_MESSAGE],
    ] as const) {
      cleanup();
      render(<GiveawayEntryForm {...PROPS} {...props} />);
      fillValid();
      submit();
      expect(log).toHaveBeenLastCalledWith(message);
    }
    expect(fetchMock).toHaveBeenCalledTimes(0);
    expect(goTo).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
