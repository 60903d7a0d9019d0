/**
 * How long an editor's pass proves them. Sanity proves the editor at T0 and the site gives a pass
 * saying so; the Studio sends it back with every request. For the verdict's lifetime (5 minutes)
 * the pass alone proves the editor; after that Sanity is asked again, from a budget of the passes'
 * own that made-up tokens cannot spend, and the pass stands in only while Sanity gives no verdict
 * or that budget is spent, at most until it expires (12 hours after the proof). A pass is bound to
 * the site and the deploy context that gave it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAccess,
  VERDICT_TTL_MS,
  type TokenVerdict,
} from '../../../src/lib/deploys/access.ts';
import {
  issuePass,
  PASS_TTL_MS,
  readPass,
  type PassScope,
} from '../../../src/lib/deploys/editor-pass.ts';
import { PASS_CHECK_BUDGET, UNKNOWN_TOKEN_BUDGET } from '../../../src/lib/deploys/token-budget.ts';
import type { StatusSettings } from '../../../src/lib/functions/function-settings.ts';
import { publishStatusAnswerSchema } from '../../../src/lib/publish-records/status-answers.ts';
import { site, statusHandlers } from './fixtures.ts';

const SECRET = 'the-site-editor-pass-secret-0123456789abcdef';
const PRODUCTION: PassScope = {
  secret: SECRET,
  site: 'site-1111',
  context: 'production',
  projectId: 'abc123',
  dataset: 'production',
};
const T0 = Date.UTC(2026, 10, 27, 8, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EDITOR = 'sk-editor-token';

const ask = (token: string, pass?: string) =>
  new Request('https://site.example/api/publish-status?ids=a', {
    headers: { authorization: `Bearer ${token}`, ...(pass ? { 'x-editor-pass': pass } : {}) },
  });

/**
 * One function instance; `sanity.says` is Sanity's verdict on the editor's token from now on,
 * `colleagues` are editors Sanity keeps proving (made-up tokens: refused).
 */
function instance(sanity: { says: TokenVerdict }, colleagues: readonly string[] = []) {
  const verify = vi.fn((token: string): Promise<TokenVerdict> =>
    Promise.resolve(
      token === EDITOR ? sanity.says : colleagues.includes(token) ? 'editor' : 'refused',
    ),
  );
  return {
    access: createAccess({ verify, pass: PRODUCTION, log: () => {} }),
    /** How often Sanity was asked about the editor's token. */
    askedAboutEditor: () => verify.mock.calls.filter(([token]) => token === EDITOR).length,
  };
}

/** Made-up tokens from as many addresses as the instance's budget: it is spent for the minute. */
async function spendBudget(access: ReturnType<typeof createAccess>, round: string) {
  for (let at = 0; at < UNKNOWN_TOKEN_BUDGET; at += 1)
    await access.callerOf(ask(`junk-${round}-${at}`), `203.0.113.${at}`);
}

// The budget counts on the machine's clock (rate-limiter-flexible): a fake one, moved by the tests.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});
const at = (offset: number) => vi.setSystemTime(T0 + offset);

/** The editor proven by Sanity at T0 on `site`: the pass it is given. */
async function provenAtT0(site: ReturnType<typeof instance>): Promise<string> {
  const first = await site.access.callerOf(ask(EDITOR));
  if (first.kind !== 'editor' || !first.pass) throw new Error(`not proven: ${first.kind}`);
  return first.pass.pass;
}

describe('Sanity refusing (an editor removed from the project just after T0)', () => {
  it('an editor until T0 + 4:59 on the pass alone, a visitor from T0 + 5:00 (the first call once the pass is older than a verdict), for good', async () => {
    const sanity = { says: 'editor' as TokenVerdict };
    const site = instance(sanity);
    const pass = await provenAtT0(site);
    sanity.says = 'refused';
    // The Studio asks every 30 seconds, then once an hour.
    const times = [
      ...Array.from({ length: 21 }, (_, step) => step * 30_000),
      4 * MINUTE + 59_000,
      HOUR,
      11 * HOUR,
    ].sort((a, b) => a - b);
    const seen: Array<[number, string]> = [];
    for (const time of times) {
      at(time);
      const caller = await site.access.callerOf(ask(EDITOR, pass));
      seen.push([time / 1000, caller.kind]);
      if (caller.kind === 'visitor') expect(caller).toEqual({ kind: 'visitor', passRefused: true });
    }
    expect(seen.filter(([, kind]) => kind === 'editor').map(([second]) => second)).toEqual([
      0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 299,
    ]);
    expect(seen.filter(([, kind]) => kind === 'visitor').map(([second]) => second)).toEqual([
      300, 330, 360, 390, 420, 450, 480, 510, 540, 570, 600, 3600, 39600,
    ]);
    expect(VERDICT_TTL_MS).toBe(5 * MINUTE);
    // Sanity was asked at T0 and at T0 + 5:00 only: a pass it refused needs no second question.
    expect(site.askedAboutEditor()).toBe(2);
  });

  it('another instance, which never saw the editor: the pass alone until T0 + 5:00, then Sanity is asked and the caller is a visitor', async () => {
    const sanity = { says: 'editor' as TokenVerdict };
    const pass = await provenAtT0(instance(sanity));
    sanity.says = 'refused';
    const other = instance(sanity);
    at(4 * MINUTE);
    expect(await other.access.callerOf(ask(EDITOR, pass))).toEqual({ kind: 'editor' });
    expect(other.askedAboutEditor()).toBe(0);
    at(5 * MINUTE);
    expect(await other.access.callerOf(ask(EDITOR, pass))).toEqual({
      kind: 'visitor',
      passRefused: true,
    });
    expect(other.askedAboutEditor()).toBe(1);
  });

  it('made-up tokens from 1,000 addresses spend the budget of tokens without a pass, not the re-check of passes: a visitor at T0 + 5:00 whatever floods, and for good', async () => {
    const sanity = { says: 'editor' as TokenVerdict };
    const site = instance(sanity);
    const pass = await provenAtT0(site);
    sanity.says = 'refused';
    at(5 * MINUTE);
    for (let round = 0; round < 3; round += 1)
      await Promise.all(
        Array.from({ length: 1_000 }, (_, at) =>
          site.access.callerOf(ask(`flood-${round}-${at}`), `198.51.${round}.${at % 250}`),
        ),
      );
    expect(await site.access.callerOf(ask(EDITOR, pass))).toEqual({
      kind: 'visitor',
      passRefused: true,
    });
    expect(site.askedAboutEditor()).toBe(2);
    at(9 * MINUTE);
    await spendBudget(site.access, 'b');
    expect(await site.access.callerOf(ask(EDITOR, pass))).toEqual({
      kind: 'visitor',
      passRefused: true,
    });
    // Without the pass, past the budget: told to ask again, never an editor.
    expect((await site.access.callerOf(ask(EDITOR))).kind).toBe('checking');
  });

  it(`the passes' own budget, ${PASS_CHECK_BUDGET} re-checks a minute, spent by editors whose passes are due: the pass stands in for that minute, and the first call the next minute makes the caller a visitor`, async () => {
    const colleagues = Array.from(
      { length: PASS_CHECK_BUDGET },
      (_, index) => `sk-colleague-${index}`,
    );
    const sanity = { says: 'editor' as TokenVerdict };
    const site = instance(sanity, colleagues);
    // The colleagues were proven two minutes earlier (that minute's budget of tokens without a pass).
    at(-2 * MINUTE);
    const theirs = await Promise.all(
      colleagues.map(async (token, index) => {
        const proven = await site.access.callerOf(ask(token), `203.0.113.${index}`);
        if (proven.kind !== 'editor' || !proven.pass) throw new Error(`not proven: ${token}`);
        return proven.pass.pass;
      }),
    );
    at(0);
    const pass = await provenAtT0(site);
    sanity.says = 'refused';
    at(6 * MINUTE);
    for (const [index, token] of colleagues.entries())
      expect(await site.access.callerOf(ask(token, theirs[index]))).toMatchObject({
        kind: 'editor',
        pass: expect.any(Object) as object,
      });
    expect(await site.access.callerOf(ask(EDITOR, pass))).toEqual({ kind: 'editor' });
    expect(site.askedAboutEditor()).toBe(1);
    at(7 * MINUTE);
    expect(await site.access.callerOf(ask(EDITOR, pass))).toEqual({
      kind: 'visitor',
      passRefused: true,
    });
    expect(site.askedAboutEditor()).toBe(2);
  });

  it('an editor Sanity still says is one gets a new pass after 5 minutes, which then proves them alone for 5 more', async () => {
    const sanity = { says: 'editor' as TokenVerdict };
    const site = instance(sanity);
    const pass = await provenAtT0(site);
    at(5 * MINUTE + 10_000);
    const renewed = await site.access.callerOf(ask(EDITOR, pass));
    expect(renewed).toMatchObject({
      kind: 'editor',
      pass: { expiresAt: new Date(T0 + 5 * MINUTE + 10_000 + PASS_TTL_MS).toISOString() },
    });
    const next = (renewed as { pass: { pass: string } }).pass.pass;
    expect(await readPass(next, EDITOR, PRODUCTION, Date.now())).toEqual({
      valid: true,
      provenAt: T0 + 5 * MINUTE + 10_000,
    });
    at(9 * MINUTE);
    expect(await instance(sanity).access.callerOf(ask(EDITOR, next))).toEqual({ kind: 'editor' });
    expect(site.askedAboutEditor()).toBe(2);
  });
});

describe('Sanity unreachable', () => {
  it('the pass holds until it expires, T0 + 12 h (Sanity asked whenever the budget allows); from then on "checking your access", never an editor', async () => {
    const sanity = { says: 'editor' as TokenVerdict };
    const site = instance(sanity);
    const pass = await provenAtT0(site);
    sanity.says = 'unreachable';
    for (const time of [5 * MINUTE, HOUR, 6 * HOUR, 11 * HOUR, PASS_TTL_MS - 1_000]) {
      at(time);
      expect(await site.access.callerOf(ask(EDITOR, pass)), `T0 + ${time / 1000} s`).toEqual({
        kind: 'editor',
      });
    }
    expect(site.askedAboutEditor()).toBe(1 + 5);
    at(PASS_TTL_MS);
    const expired = await site.access.callerOf(ask(EDITOR, pass));
    if (expired.kind !== 'checking') throw new Error(`expired pass: ${expired.kind}`);
    expect(expired.retryAfterSeconds).toBeLessThanOrEqual(15);
    at(PASS_TTL_MS + HOUR);
    expect((await site.access.callerOf(ask(EDITOR, pass))).kind).toBe('checking');
  });
});

describe('a pass is bound to the site and the deploy context that gave it', () => {
  it('a pass of a deploy preview, a branch deploy or another site (the same secret) is refused by production, and the caller is asked about as without one', async () => {
    const sanity = { says: 'refused' as TokenVerdict };
    const site = instance(sanity);
    for (const scope of [
      { ...PRODUCTION, context: 'deploy-preview' },
      { ...PRODUCTION, context: 'branch-deploy' },
      { ...PRODUCTION, context: undefined },
      { ...PRODUCTION, site: 'site-2222' },
    ]) {
      const { pass } = await issuePass(EDITOR, scope, T0);
      expect((await readPass(pass, EDITOR, PRODUCTION, T0)).valid).toBe(false);
      expect(await site.access.callerOf(ask(EDITOR, pass))).toEqual({
        kind: 'visitor',
        passRefused: true,
      });
    }
    const preview = await issuePass(EDITOR, { ...PRODUCTION, context: 'deploy-preview' }, T0);
    expect(await readPass(preview.pass, EDITOR, PRODUCTION, T0)).toEqual({
      valid: false,
      reason: 'another context',
    });
    expect(site.askedAboutEditor()).toBe(1);
  });

  it("the status functions of a deploy preview give a pass that the same site's production functions refuse (editorPass: null)", async () => {
    const settings: StatusSettings = {
      SANITY_STUDIO_URL: 'https://school-mobile.sanity.studio',
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'production',
      SANITY_API_HOST: undefined,
      EDITOR_PASS_SECRET: SECRET,
      SITE_ID: 'site-1111',
      CONTEXT: undefined,
    };
    const s = site();
    const functions = (verdict: TokenVerdict) => {
      const verify = vi.fn(() => Promise.resolve(verdict));
      return {
        verify,
        ...statusHandlers({
          openStores: { deploys: () => s.deploysStore, queue: () => s.queueStore },
          readSettings: () => settings,
          site: {},
          log: () => {},
          deps: { verifyToken: verify },
        }),
      };
    };
    const answerOf = async (response: Promise<Response>) =>
      publishStatusAnswerSchema.parse(await (await response).json());
    const preview = functions('editor');
    const given = (
      await answerOf(preview.publishStatus(ask(EDITOR), { deploy: { context: 'deploy-preview' } }))
    ).editorPass;
    if (!given) throw new Error('no pass given on the deploy preview');
    // On the deploy preview itself it proves the editor.
    const again = await answerOf(
      preview.publishStatus(ask(EDITOR, given.pass), { deploy: { context: 'deploy-preview' } }),
    );
    expect(again).not.toHaveProperty('editorPass');
    expect(Object.values(again.documents)).toHaveLength(1);
    const production = functions('refused');
    const answer = await answerOf(
      production.publishStatus(ask(EDITOR, given.pass), { deploy: { context: 'production' } }),
    );
    expect(answer.editorPass).toBeNull();
    expect(production.verify).toHaveBeenCalledTimes(1);
  });
});
