import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../src/lib/config/env.ts';
import {
  blankAsUnset,
  idListSetting,
  readSettings,
  setting,
  SettingsError,
  yesNoSetting,
} from '../../../src/lib/config/setting-types.ts';

describe('blank settings count as unset', () => {
  it('treats empty and space-only text as unset, anything else as given', () => {
    expect(blankAsUnset('')).toBeUndefined();
    expect(blankAsUnset('   ')).toBeUndefined();
    expect(blankAsUnset(undefined)).toBeUndefined();
    expect(blankAsUnset('0')).toBe('0');
    expect(blankAsUnset(' x ')).toBe(' x ');
  });

  it('so a blank setting takes its default, in every setting of the build', () => {
    const blank = parseEnv({
      CONTENT_SOURCE: '',
      SANITY_DATASET: ' ',
      BUILD_OUT_DIR: '',
      CONTENT_PREVIEW: '',
      ALLOW_DEMO_DEPLOY: '',
      NETLIFY: '',
      CONTEXT: '',
      PUBLIC_API_BASE: '',
      SITE_URL: '',
    });
    expect(blank).toMatchObject({
      CONTENT_SOURCE: 'local',
      SANITY_DATASET: 'production',
      BUILD_OUT_DIR: 'dist',
      CONTENT_PREVIEW: false,
      ALLOW_DEMO_DEPLOY: false,
      NETLIFY: false,
    });
    expect(blank.CONTEXT).toBeUndefined();
    expect(blank.PUBLIC_API_BASE).toBeUndefined();
  });

  it('an optional setting left blank is unset, not an invalid value', () => {
    expect(readSettings(z.object({ HOOK: setting(z.url().optional()) }), { HOOK: '' })).toEqual({
      HOOK: undefined,
    });
  });
});

describe('yes/no settings: one parser', () => {
  const schema = z.object({ FLAG: yesNoSetting(false), ON: yesNoSetting(true) });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['On', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['OFF', false],
  ])('%s → %s', (text, value) => {
    expect(readSettings(schema, { FLAG: text }).FLAG).toBe(value);
  });

  it('unset or blank takes the default', () => {
    expect(readSettings(schema, {})).toEqual({ FLAG: false, ON: true });
    expect(readSettings(schema, { FLAG: '', ON: ' ' })).toEqual({ FLAG: false, ON: true });
  });

  it('anything else is an error naming the setting and the accepted words', () => {
    expect(() => readSettings(schema, { FLAG: 'perhaps' })).toThrow(
      /FLAG: .*"true"\|"1"\|"yes"\|"on"\|"false"\|"0"\|"no"\|"off"/,
    );
  });

  it('every yes/no setting of the build uses it', () => {
    expect(parseEnv({ CONTENT_PREVIEW: 'yes' }).CONTENT_PREVIEW).toBe(true);
    expect(
      parseEnv({
        NETLIFY: 'TRUE',
        CONTEXT: 'dev',
        ALLOW_DEMO_DEPLOY: '1',
        SITE_URL: 'https://s.example',
      }),
    ).toMatchObject({ NETLIFY: true, ALLOW_DEMO_DEPLOY: true });
    expect(() => parseEnv({ ALLOW_DEMO_DEPLOY: 'sure' })).toThrow(/ALLOW_DEMO_DEPLOY/);
    expect(() => parseEnv({ NETLIFY: 'y' })).toThrow(/NETLIFY/);
  });
});

describe('id lists and errors', () => {
  it('reads a comma-separated id list, trimmed, blanks dropped; blank is unset', () => {
    const schema = z.object({ IDS: idListSetting() });
    expect(readSettings(schema, { IDS: ' a, ,b ,' })).toEqual({ IDS: ['a', 'b'] });
    expect(readSettings(schema, { IDS: '' })).toEqual({ IDS: undefined });
  });

  it('names every bad setting in one SettingsError, without its value', () => {
    const schema = z.object({ HOOK: setting(z.url().optional()), FLAG: yesNoSetting(false) });
    let caught: unknown;
    try {
      readSettings(schema, { HOOK: 'secret-token-not-a-url', FLAG: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SettingsError);
    const { problems, message } = caught as SettingsError;
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['HOOK', 'FLAG']);
    expect(message).toMatch(/^Invalid configuration:\n {2}HOOK: /);
    expect(message).not.toContain('secret-token-not-a-url');
  });
});
