/**
 * Editors cannot be locked out of the status functions' detail: an editor Sanity proved gets a pass
 * that proves them again with no call to Sanity (valid only for this site, project and dataset,
 * this token, a working day, this secret), and made-up tokens cost Sanity at most a budget per
 * instance, past which a caller not proven yet is told "checking your access", never silently
 * answered as a visitor.
 */
import { SignJWT } from 'jose';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createAccess, type TokenVerdict } from '../../../src/lib/deploys/access.ts';
import { ADDRESS_SHARE, UNKNOWN_TOKEN_BUDGET } from '../../../src/lib/deploys/token-budget.ts';
import {
  checkPass,
  issuePass,
  PASS_TTL_MS,
  tokenHash,
  type PassScope,
} from '../../../src/lib/deploys/editor-pass.ts';

const SCOPE: PassScope = {
  secret: 'the-site-editor-pass-secret-0123456789abcdef',
  site: 'site-1111',
  projectId: 'abc123',
  dataset: 'production',
};
const T0 = Date.UTC(2026, 10, 27, 8, 0, 0);
const ask = (token: string, headers: Record<string, string> = {}) =>
  new Request('https://site.example/api/publish-status?ids=a', {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

describe("the editor's pass", () => {
  it('valid: for this site, project and dataset, this token, until 12 hours after it was given', async () => {
    const { pass, expiresAt } = await issuePass('editor-token', SCOPE, T0);
    expect(expiresAt).toBe(new Date(T0 + PASS_TTL_MS).toISOString());
    expect(await checkPass(pass, 'editor-token', SCOPE, T0 + PASS_TTL_MS - 1_000)).toEqual({
      valid: true,
    });
    // It carries the token's hash, never the token.
    expect(Buffer.from(pass.split('.')[1]!, 'base64url').toString()).not.toContain('editor-token');
    expect(JSON.parse(Buffer.from(pass.split('.')[1]!, 'base64url').toString())).toMatchObject({
      th: tokenHash('editor-token'),
      iss: 'site:site-1111',
      aud: 'sanity:abc123:production',
    });
  });

  it('expired: past its 12 hours', async () => {
    const { pass } = await issuePass('editor-token', SCOPE, T0);
    expect(await checkPass(pass, 'editor-token', SCOPE, T0 + PASS_TTL_MS + 1_000)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('forged: signed with another secret, with no signature, with another algorithm, or changed', async () => {
    const other = await issuePass(
      'editor-token',
      { ...SCOPE, secret: 'some-other-secret-0123456789abcdefghij' },
      T0,
    );
    expect(await checkPass(other.pass, 'editor-token', SCOPE, T0)).toEqual({
      valid: false,
      reason: 'forged',
    });
    const { pass } = await issuePass('editor-token', SCOPE, T0);
    const [header, payload] = pass.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect((await checkPass(unsigned, 'editor-token', SCOPE, T0)).valid).toBe(false);
    const hs512 = await new SignJWT({ th: tokenHash('editor-token') })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('site:site-1111')
      .setAudience('sanity:abc123:production')
      .setExpirationTime(Math.floor(T0 / 1000) + 3600)
      .sign(new TextEncoder().encode(SCOPE.secret));
    expect(await checkPass(hs512, 'editor-token', SCOPE, T0)).toEqual({
      valid: false,
      reason: 'forged',
    });
    const longer = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number };
    const changed = `${header}.${Buffer.from(JSON.stringify({ ...longer, exp: longer.exp + 86_400 })).toString('base64url')}.${pass.split('.')[2]}`;
    expect(await checkPass(changed, 'editor-token', SCOPE, T0)).toEqual({
      valid: false,
      reason: 'forged',
    });
    expect(await checkPass('not-a-pass', 'editor-token', SCOPE, T0)).toEqual({
      valid: false,
      reason: 'malformed',
    });
  });

  it("another site's (the same secret on another site, or another project or dataset), and another token's, prove nothing", async () => {
    const { pass } = await issuePass('editor-token', SCOPE, T0);
    expect(await checkPass(pass, 'editor-token', { ...SCOPE, site: 'site-2222' }, T0)).toEqual({
      valid: false,
      reason: 'another site',
    });
    expect(await checkPass(pass, 'editor-token', { ...SCOPE, projectId: 'xyz789' }, T0)).toEqual({
      valid: false,
      reason: 'another site',
    });
    expect(await checkPass(pass, 'editor-token', { ...SCOPE, dataset: 'staging' }, T0)).toEqual({
      valid: false,
      reason: 'another site',
    });
    expect(await checkPass(pass, 'stolen-pass-other-token', SCOPE, T0)).toEqual({
      valid: false,
      reason: 'another token',
    });
  });
});

function access(verdicts: Record<string, TokenVerdict>, clock: { now: number }) {
  const verify = vi.fn((token: string): Promise<TokenVerdict> =>
    Promise.resolve(verdicts[token] ?? 'refused'),
  );
  const logged: string[] = [];
  return {
    access: createAccess({
      verify,
      pass: SCOPE,
      now: () => clock.now,
      log: (line) => logged.push(line),
    }),
    verify,
    logged,
  };
}

describe('editors cannot be locked out', () => {
  it("an editor's verdict expires and 30 made-up tokens spend the budget of tokens without a pass: the pass's re-check has a budget of its own, so Sanity is asked again and the editor gets a new pass", async () => {
    const clock = { now: T0 };
    const { access: site, verify } = access({ 'editor-token': 'editor' }, clock);
    const first = await site.callerOf(ask('editor-token'));
    expect(first).toMatchObject({ kind: 'editor', pass: { pass: expect.any(String) as string } });
    clock.now += 5 * 60_000 + 1;
    for (let junk = 0; junk < UNKNOWN_TOKEN_BUDGET; junk += 1)
      await site.callerOf(ask(`junk${junk}`));
    expect(
      await site.callerOf(
        ask('editor-token', { 'x-editor-pass': (first as { pass: { pass: string } }).pass.pass }),
      ),
    ).toMatchObject({ kind: 'editor', pass: { pass: expect.any(String) as string } });
    // The editor's proof, the made-up tokens the budget let through, and the pass's re-check.
    expect(verify).toHaveBeenCalledTimes(UNKNOWN_TOKEN_BUDGET + 1);
    expect(verify.mock.calls.at(-1)).toEqual(['editor-token']);
  });

  it('1,000 made-up tokens from many addresses during a working day: the editor proven in the morning sees editor answers all day, re-checked with Sanity each hour, and made-up tokens are asked about at most the budget a minute', async () => {
    const clock = { now: T0 };
    const { access: site, verify } = access({ 'editor-token': 'editor' }, clock);
    const given = await site.callerOf(ask('editor-token'));
    const pass = (given as { pass: { pass: string } }).pass.pass;
    let sanityCalls = verify.mock.calls.length;
    for (let hour = 0; hour < 11; hour += 1) {
      // A burst at the top of each hour, from as many addresses as it likes (each within its share: the instance's budget binds).
      const junk = await Promise.all(
        Array.from({ length: 1_000 }, (_, at) =>
          site.callerOf(ask(`junk-${hour}-${at}`), `203.0.113.${at % 250}`),
        ),
      );
      expect(junk.filter((caller) => caller.kind === 'editor')).toEqual([]);
      expect(verify.mock.calls.length - sanityCalls).toBeLessThanOrEqual(UNKNOWN_TOKEN_BUDGET);
      expect(await site.callerOf(ask('editor-token', { 'x-editor-pass': pass }))).toMatchObject({
        kind: 'editor',
      });
      sanityCalls = verify.mock.calls.length;
      clock.now += 60 * 60_000;
    }
    // Proven in the morning, then asked about again each hour the pass was older than a verdict.
    expect(verify.mock.calls.filter(([token]) => token === 'editor-token')).toHaveLength(11);
  });

  it('1,000 made-up tokens a minute from one address spend only its share: a new editor elsewhere is proven at once, every minute, and Sanity hears at most the share from it', async () => {
    // The budget counts on the machine's clock (rate-limiter-flexible): a fake one here.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: T0 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const clock = { now: T0 };
    const {
      access: site,
      verify,
      logged,
    } = access({ 'editor-0': 'editor', 'editor-1': 'editor', 'editor-2': 'editor' }, clock);
    for (let minute = 0; minute < 3; minute += 1) {
      const flood = await Promise.all(
        Array.from({ length: 1_000 }, (_, at) =>
          site.callerOf(ask(`flood-${minute}-${at}`), '198.51.100.7'),
        ),
      );
      expect(flood.filter((caller) => caller.kind === 'checking')).toHaveLength(
        1_000 - ADDRESS_SHARE,
      );
      expect(
        verify.mock.calls.filter(([token]) => token.startsWith(`flood-${minute}-`)),
      ).toHaveLength(ADDRESS_SHARE);
      // Another address: a new editor (an IPv6 caller of another /64) is asked about and proven at once.
      expect(await site.callerOf(ask(`editor-${minute}`), `2001:db8:${minute}::1`)).toMatchObject({
        kind: 'editor',
        pass: expect.any(Object) as object,
      });
      vi.advanceTimersByTime(60_000);
      clock.now = Date.now();
    }
    // An address's IPv6 /64 is one address: its neighbours share its share.
    const neighbours = await Promise.all(
      Array.from({ length: ADDRESS_SHARE + 5 }, (_, at) =>
        site.callerOf(ask(`v6-${at}`), `2001:db8:aa:bb::${at + 1}`),
      ),
    );
    expect(neighbours.filter((caller) => caller.kind === 'checking')).toHaveLength(5);
    expect(logged).toContain(
      `more than ${ADDRESS_SHARE} tokens not seen before in a minute from one address: answering its callers "checking your access" without asking Sanity`,
    );
    expect(logged.filter((line) => line.startsWith(`more than ${UNKNOWN_TOKEN_BUDGET} `))).toEqual(
      [],
    );
  });

  it('an editor never proven, past the budget: "checking your access" with when to ask again, never the visitor\'s answer; proven once the budget allows', async () => {
    // The budget counts on the machine's clock (rate-limiter-flexible): a fake one here.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: T0 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const clock = { now: T0 };
    const { access: site, logged } = access({ 'new-editor-token': 'editor' }, clock);
    for (let junk = 0; junk < UNKNOWN_TOKEN_BUDGET; junk += 1)
      await site.callerOf(ask(`junk${junk}`));
    const waiting = await site.callerOf(ask('new-editor-token'));
    expect(waiting).toEqual({ kind: 'checking', retryAfterSeconds: expect.any(Number) as number });
    expect((waiting as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(logged).toEqual([
      `more than ${UNKNOWN_TOKEN_BUDGET} tokens not seen before in a minute: answering "checking your access" without asking Sanity`,
    ]);
    // The budget is per minute: once it allows, the editor is asked about and proven.
    vi.advanceTimersByTime((waiting as { retryAfterSeconds: number }).retryAfterSeconds * 1_000);
    clock.now = Date.now();
    expect(await site.callerOf(ask('new-editor-token'))).toMatchObject({
      kind: 'editor',
      pass: expect.any(Object) as object,
    });
  });

  it('a pass of another token, another site, an expired one or a forged one is no pass: the caller is asked about as without one', async () => {
    const clock = { now: T0 };
    const { access: site, verify } = access({ 'editor-token': 'editor' }, clock);
    const { pass } = await issuePass('editor-token', SCOPE, T0);
    const otherSite = (await issuePass('editor-token', { ...SCOPE, site: 'site-2222' }, T0)).pass;
    // Each is said to be refused (the Studio forgets it).
    expect(await site.callerOf(ask('viewer-token', { 'x-editor-pass': pass }))).toEqual({
      kind: 'visitor',
      passRefused: true,
    });
    expect(await site.callerOf(ask('viewer-token', { 'x-editor-pass': otherSite }))).toEqual({
      kind: 'visitor',
      passRefused: true,
    });
    expect(verify.mock.calls.map(([token]) => token)).toEqual(['viewer-token']);
    clock.now = T0 + PASS_TTL_MS + 1;
    // Expired: the editor is proven again by Sanity, and given a new pass.
    expect(await site.callerOf(ask('editor-token', { 'x-editor-pass': pass }))).toMatchObject({
      kind: 'editor',
      pass: { pass: expect.not.stringMatching(pass) as string },
    });
    expect(verify.mock.calls.map(([token]) => token)).toEqual(['viewer-token', 'editor-token']);
  });
});
