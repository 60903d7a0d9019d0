/**
 * The status functions as a browser (the Studio) and anyone else reach them: CORS only for the
 * Studio's origins, a visitor's answer and an editor's (proven by a Sanity token), the headers
 * every function sends, and what a store that cannot be read answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markLocalStack, unmarkLocalStack } from '../../../src/lib/config/local-stack.ts';
import {
  createAccess,
  sanityTokenVerifier,
  siteAccess,
  type TokenVerdict,
} from '../../../src/lib/deploys/access.ts';
import { LOCAL_EDITOR_PASS_SECRET } from '../../../src/lib/config/local-addresses.ts';
import { checkPass, issuePass } from '../../../src/lib/deploys/editor-pass.ts';
import {
  settingsCheckAnswer,
  type SettingsCheckAnswer,
} from '../../../src/lib/functions/settings-check.ts';
import {
  settingsCheckProof,
  SETTINGS_CHECK_HEADER,
} from '../../../src/lib/functions/settings-proof.ts';
import type { BlobStore } from '../../../src/lib/functions/blob-store.ts';
import type {
  DeploysAnswer,
  PublishStatusAnswer,
} from '../../../src/lib/publish-records/status-answers.ts';
import { FUNCTION_HEADERS } from '../../../src/lib/functions/function-http.ts';
import type { StatusSettings } from '../../../src/lib/functions/function-settings.ts';
import { buildRecord, deploy, site, statusHandlers } from './fixtures.ts';

const STUDIO = 'https://school-mobile.sanity.studio';
const PASS_SECRET = 'a-real-editor-pass-secret-0123456789abcdef';
const SETTINGS: StatusSettings = {
  SANITY_STUDIO_URL: `${STUDIO}/desk, https://studio.example.org`,
  SANITY_PROJECT_ID: 'abc123',
  SANITY_DATASET: 'production',
  SANITY_API_HOST: undefined,
  EDITOR_PASS_SECRET: PASS_SECRET,
  SITE_ID: 'site-1111',
  CONTEXT: undefined,
};
const PASS_SCOPE = {
  secret: PASS_SECRET,
  site: 'site-1111',
  projectId: 'abc123',
  dataset: 'production',
};
const PREPARING = {
  key: 'newu',
  seoSlug: 'new-u-mobile',
  status: 'preparing',
  reasons: ['not launched yet (status preparing): only previews publish it'],
};

async function liveSite() {
  const s = site();
  s.reports.set(
    'd-1',
    buildRecord(
      { 'husky-faqs': ['r1', 'husky'], 'newu-faqs': ['n1', 'newu'] },
      { leftOut: [PREPARING] },
    ),
  );
  await s.notify(
    deploy({
      id: 'd-1',
      state: 'ready',
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:02:00.000Z',
      published_at: '2026-11-27T10:02:00.000Z',
    }),
  );
  return s;
}

function functions(
  s: ReturnType<typeof site>,
  options: {
    verdict?: TokenVerdict;
    settings?: Partial<StatusSettings>;
    deploysStore?: BlobStore;
    site?: Record<string, string>;
  } = {},
) {
  const verify = vi.fn<(token: string) => Promise<TokenVerdict>>(() =>
    Promise.resolve(options.verdict ?? 'editor'),
  );
  const made = statusHandlers({
    openStores: {
      deploys: () => options.deploysStore ?? s.deploysStore,
      queue: () => s.queueStore,
    },
    readSettings: () => ({ ...SETTINGS, ...options.settings }),
    site: options.site ?? {},
    now: () => new Date('2026-11-27T10:05:00.000Z'),
    log: () => {},
    deps: { verifyToken: verify },
  });
  return { ...made, verify };
}

/** The two answers as the Studio reads them. */
const statusAnswer = async (response: Response) => (await response.json()) as PublishStatusAnswer;
const deploysAnswer = async (response: Response) => (await response.json()) as DeploysAnswer;

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`https://site.example${path}`, { headers });

function expectStatusHeaders(response: Response): void {
  for (const [name, value] of Object.entries(FUNCTION_HEADERS)) {
    if (name !== 'cache-control') expect(response.headers.get(name), name).toBe(value);
  }
  expect(response.headers.get('cache-control')).toBe('private, max-age=2');
  expect(response.headers.get('vary')).toBe('Origin, Authorization, X-Editor-Pass');
}

describe('CORS', () => {
  it('a Studio origin may read the answer, with the security headers and a 2 s private cache', async () => {
    const s = await liveSite();
    const response = await functions(s).publishStatus(
      get('/api/publish-status?ids=husky-faqs', { origin: STUDIO }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expectStatusHeaders(response);
    expect(await response.json()).toEqual({
      documents: { 'husky-faqs': { state: 'live', since: '2026-11-27T10:02:00.000Z' } },
      checkedAt: '2026-11-27T10:05:00.000Z',
    });
  });

  it('another origin gets the same public answer without CORS headers (the browser withholds it)', async () => {
    const s = await liveSite();
    const response = await functions(s).publishStatus(
      get('/api/publish-status?ids=husky-faqs', { origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expectStatusHeaders(response);
  });

  it('a preflight from a Studio origin may send Authorization; from another origin it is refused', async () => {
    const s = await liveSite();
    const { deploys } = functions(s);
    const preflight = (origin: string) =>
      new Request('https://site.example/api/deploys', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await deploys(preflight('https://studio.example.org'));
    expect(allowed.status).toBe(204);
    expect(
      Object.fromEntries(
        [...allowed.headers].filter(([name]) => name.startsWith('access-control-')),
      ),
    ).toEqual({
      'access-control-allow-origin': 'https://studio.example.org',
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-allow-headers': 'Authorization, X-Editor-Pass',
      'access-control-max-age': '600',
    });
    expectStatusHeaders(allowed);
    const refused = await deploys(preflight('https://evil.example'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expectStatusHeaders(refused);
  });

  it('without SANITY_STUDIO_URL no origin is admitted (not even the local Studio) anywhere but on the local stack: a deployed site, netlify dev, no context', async () => {
    const s = await liveSite();
    const ask = (context?: string) =>
      functions(s, { settings: { SANITY_STUDIO_URL: undefined } }).publishStatus(
        get('/api/publish-status?ids=husky-faqs', { origin: 'http://localhost:3333' }),
        context ? { deploy: { context } } : {},
      );
    for (const context of ['production', 'dev', undefined])
      expect((await ask(context)).headers.get('access-control-allow-origin'), context).toBeNull();
    markLocalStack();
    try {
      expect((await ask()).headers.get('access-control-allow-origin')).toBe(
        'http://localhost:3333',
      );
    } finally {
      unmarkLocalStack();
    }
  });
});

describe('two kinds of caller', () => {
  it('a visitor (no token) gets the same answer for a school being prepared as for ids that never existed', async () => {
    const s = await liveSite();
    const { publishStatus, verify } = functions(s);
    const body = await statusAnswer(
      await publishStatus(
        get('/api/publish-status?ids=newu-faqs,school-newu,guessu-faqs,school-guessu'),
      ),
    );
    const never = { state: 'unknown', reason: 'No recorded deploy carried this document yet.' };
    expect(body.documents).toEqual({
      'newu-faqs': never,
      'school-newu': never,
      'guessu-faqs': never,
      'school-guessu': never,
    });
    expect(verify).not.toHaveBeenCalled();
  });

  it.each(['constructor', 'toString', '__proto__'])(
    'an id named after a built-in property (%s) is answered as any unknown id, never dropped',
    async (id) => {
      const s = await liveSite();
      const text = await (
        await functions(s).publishStatus(get(`/api/publish-status?ids=${id},husky-faqs`))
      ).text();
      expect(text).toContain(
        `"${id}":{"state":"unknown","reason":"No recorded deploy carried this document yet."}`,
      );
      expect(Object.keys((JSON.parse(text) as PublishStatusAnswer).documents)).toEqual([
        id,
        'husky-faqs',
      ]);
    },
  );

  it('an editor (a token Sanity accepts) also gets the school and the deploy; the verdict is asked once per token', async () => {
    const s = await liveSite();
    const { publishStatus, verify } = functions(s, { verdict: 'editor' });
    const ask = () =>
      publishStatus(
        get('/api/publish-status?ids=newu-faqs', { authorization: 'Bearer sk-editor-token' }),
      );
    const body = await statusAnswer(await ask());
    expect(body.documents['newu-faqs']).toEqual({
      state: 'not-live',
      code: 'not-launched',
      reason: 'Its school is not launched yet: only previews show it.',
      school: 'newu',
      deploy: 'd-1',
    });
    await ask();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith('sk-editor-token');
  });

  it('a token Sanity refuses is a visitor, and is not asked about again at once', async () => {
    const s = await liveSite();
    const { publishStatus, verify } = functions(s, { verdict: 'refused' });
    const ask = () =>
      publishStatus(get('/api/publish-status?ids=newu-faqs', { authorization: 'Bearer sk-other' }));
    const body = await statusAnswer(await ask());
    expect(body.documents['newu-faqs']).not.toHaveProperty('school');
    expect(body).not.toHaveProperty('editorPass');
    await ask();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('a token Sanity gives no verdict on: 503 "checking your access" with when to ask again, not the visitor\'s answer; not asked about again at once', async () => {
    const s = await liveSite();
    const { publishStatus, verify } = functions(s, { verdict: 'unreachable' });
    const ask = () =>
      publishStatus(
        get('/api/publish-status?ids=newu-faqs', {
          authorization: 'Bearer sk-other',
          origin: STUDIO,
        }),
      );
    const response = await ask();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('15');
    expect(response.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expectStatusHeaders(response);
    expect(await response.json()).toEqual({
      message: 'checking your access; ask again in 15 s',
      access: 'checking',
      retryAfterSeconds: 15,
    });
    expect((await ask()).status).toBe(503);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('an editor proven by Sanity gets a pass with the answer; with it (and the same token) no call to Sanity is made again', async () => {
    const s = await liveSite();
    const { publishStatus, deploys, verify } = functions(s, { verdict: 'editor' });
    const first = await statusAnswer(
      await publishStatus(
        get('/api/publish-status?ids=newu-faqs', { authorization: 'Bearer sk-editor-token' }),
      ),
    );
    expect(first.editorPass?.pass).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first.editorPass).toEqual({
      pass: first.editorPass?.pass,
      expiresAt: '2026-11-27T22:05:00.000Z',
    });
    expect(
      await checkPass(
        first.editorPass!.pass,
        'sk-editor-token',
        PASS_SCOPE,
        Date.parse('2026-11-27T21:00:00.000Z'),
      ),
    ).toEqual({ valid: true });
    const withPass = {
      authorization: 'Bearer sk-editor-token',
      'x-editor-pass': first.editorPass!.pass,
    };
    const again = await deploysAnswer(await deploys(get('/api/deploys', withPass)));
    expect(again.deploys[0]).toMatchObject({ id: 'd-1' });
    expect(again).not.toHaveProperty('editorPass');
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('the deploys answer: a visitor learns when the public site last changed and its live schools, nothing of deploys, triggers, counts or failures; an editor gets it all', async () => {
    const s = await liveSite();
    await s.notify(
      deploy({
        id: 'd-2',
        state: 'error',
        title: 'Rebuild by hand [batch b-00abcdef]',
        created_at: '2026-11-27T10:10:00.000Z',
        updated_at: '2026-11-27T10:11:00.000Z',
        error_message: 'School newu: no tenant record',
      }),
    );
    const visitor = await deploysAnswer(await functions(s).deploys(get('/api/deploys')));
    expect(visitor).toEqual({
      deploys: [],
      site: {
        lastChangedAt: '2026-11-27T10:02:00.000Z',
        schools: {
          built: [{ seoSlug: 'uw-husky-mobile', url: 'https://site.example/uw-husky-mobile' }],
          builtCount: 1,
        },
      },
      checkedAt: '2026-11-27T10:05:00.000Z',
    });
    expect(JSON.stringify(visitor)).not.toMatch(
      /newu|Rebuild by hand|tenant|d-1|d-2|b-00abcdef|not launched|trigger|error|documents/,
    );
    const editor = await deploysAnswer(
      await functions(s, { verdict: 'editor' }).deploys(
        get('/api/deploys', { authorization: 'Bearer sk-editor' }),
      ),
    );
    expect(editor.deploys[0]).toMatchObject({
      title: 'Rebuild by hand [batch b-00abcdef]',
      errorMessage: 'School newu: no tenant record',
      trigger: { kind: 'manual', documents: 0 },
    });
  });

  it("a visitor's deploys answer reads the production history alone, not the publish queue; an editor's reads the queue too", async () => {
    const s = await liveSite();
    const queueReads: string[] = [];
    const queueStore: BlobStore = {
      ...s.queueStore,
      getWithMetadata: (key, options) => (
        queueReads.push(key),
        s.queueStore.getWithMetadata(key, options)
      ),
    };
    const made = statusHandlers({
      openStores: { deploys: () => s.deploysStore, queue: () => queueStore },
      readSettings: () => SETTINGS,
      site: {},
      log: () => {},
      deps: { verifyToken: () => Promise.resolve('editor') },
    });
    expect((await made.deploys(get('/api/deploys'))).status).toBe(200);
    expect(queueReads).toEqual([]);
    expect(
      (await made.deploys(get('/api/deploys', { authorization: 'Bearer sk-editor' }))).status,
    ).toBe(200);
    expect(queueReads).toContain('publish-queue');
  });

  it('no answer carries the token or a secret', async () => {
    const s = await liveSite();
    const response = await functions(s).publishStatus(
      get('/api/publish-status?ids=husky-faqs,newu-faqs', {
        authorization: 'Bearer sk-very-secret-token',
      }),
    );
    expect(await response.text()).not.toContain('sk-very-secret-token');
  });
});

describe('without EDITOR_PASS_SECRET (a deployed site where it was never set)', () => {
  const unset = { EDITOR_PASS_SECRET: undefined };

  it('visitors get the same answers as with it, never a 500, and the secret is not read for them', async () => {
    const s = await liveSite();
    const logged: string[] = [];
    const made = statusHandlers({
      openStores: { deploys: () => s.deploysStore, queue: () => s.queueStore },
      readSettings: () => ({ ...SETTINGS, ...unset }),
      site: {},
      now: () => new Date('2026-11-27T10:05:00.000Z'),
      log: (line) => logged.push(line),
      deps: { verifyToken: () => Promise.resolve('editor') },
    });
    const status = await made.publishStatus(
      get('/api/publish-status?ids=husky-faqs,newu-faqs', { origin: STUDIO }),
    );
    const withSecret = await functions(s).publishStatus(
      get('/api/publish-status?ids=husky-faqs,newu-faqs', { origin: STUDIO }),
    );
    expect(status.status).toBe(200);
    expect(status.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expect(await status.json()).toEqual(await withSecret.json());
    const deploys = await made.deploys(get('/api/deploys'));
    expect(deploys.status).toBe(200);
    expect(logged.filter((line) => line.includes('EDITOR_PASS_SECRET'))).toEqual([]);
  });

  it('an editor is proven by the verdict, as without a pass, and gets no pass; one log line names the setting', async () => {
    const s = await liveSite();
    const logged: string[] = [];
    const verify = vi.fn<(token: string) => Promise<TokenVerdict>>(() => Promise.resolve('editor'));
    const made = statusHandlers({
      openStores: { deploys: () => s.deploysStore, queue: () => s.queueStore },
      readSettings: () => ({ ...SETTINGS, ...unset }),
      site: {},
      now: () => new Date('2026-11-27T10:05:00.000Z'),
      log: (line) => logged.push(line),
      deps: { verifyToken: verify },
    });
    const forged = (
      await issuePass(
        'sk-editor-token',
        { ...PASS_SCOPE, secret: 'any-secret-anyone-might-try-0123456789' },
        Date.parse('2026-11-27T10:00:00.000Z'),
      )
    ).pass;
    const asked: Array<Record<string, string>> = [
      { authorization: 'Bearer sk-editor-token' },
      { authorization: 'Bearer sk-editor-token', 'x-editor-pass': forged },
    ];
    for (const headers of asked) {
      const response = await made.publishStatus(get('/api/publish-status?ids=newu-faqs', headers));
      expect(response.status).toBe(200);
      const body = await statusAnswer(response);
      expect(body.documents['newu-faqs']).toMatchObject({
        state: 'not-live',
        code: 'not-launched',
        school: 'newu',
        deploy: 'd-1',
      });
      // No pass given; one sent proves nothing (`null`: the Studio forgets it).
      expect(body.editorPass).toBe(headers['x-editor-pass'] ? null : undefined);
    }
    expect(
      (await made.deploys(get('/api/deploys', { authorization: 'Bearer sk-editor-token' }))).status,
    ).toBe(200);
    // The verdict is kept 5 minutes: Sanity was asked once.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(logged.filter((line) => line.includes('EDITOR_PASS_SECRET'))).toEqual([
      '[publish-status] EDITOR_PASS_SECRET: not set: editors get no pass, and each is proven by Sanity again every 5 minutes, within the budget of new tokens',
    ]);
  });

  it('the documented local value on a deployed site counts as none: a pass it would sign proves nothing', async () => {
    const s = await liveSite();
    const verify = vi.fn<(token: string) => Promise<TokenVerdict>>(() =>
      Promise.resolve('refused'),
    );
    const made = statusHandlers({
      openStores: { deploys: () => s.deploysStore, queue: () => s.queueStore },
      readSettings: () => ({ ...SETTINGS, EDITOR_PASS_SECRET: LOCAL_EDITOR_PASS_SECRET }),
      site: {},
      now: () => new Date('2026-11-27T10:05:00.000Z'),
      log: () => {},
      deps: { verifyToken: verify },
    });
    const signedLocally = (
      await issuePass(
        'sk-outsider',
        { ...PASS_SCOPE, secret: LOCAL_EDITOR_PASS_SECRET },
        Date.parse('2026-11-27T10:00:00.000Z'),
      )
    ).pass;
    const body = await statusAnswer(
      await made.publishStatus(
        get('/api/publish-status?ids=newu-faqs', {
          authorization: 'Bearer sk-outsider',
          'x-editor-pass': signedLocally,
        }),
      ),
    );
    expect(body.documents['newu-faqs']).toEqual({
      state: 'unknown',
      reason: 'No recorded deploy carried this document yet.',
    });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('the settings check still names it as missing for both status functions', async () => {
    const hook = 'https://api.netlify.com/build_hooks/0123456789abcdef';
    const source = {
      SANITY_PROJECT_ID: 'abc123',
      SANITY_STUDIO_URL: STUDIO,
      NETLIFY_BUILD_HOOK_URL: hook,
      SITE_ID: 'site-1111',
    };
    const request = new Request('https://site.example/api/deploys', {
      headers: { [SETTINGS_CHECK_HEADER]: settingsCheckProof(hook, Date.now()) },
    });
    const answer = settingsCheckAnswer(['publish-status', 'deploys'], request, {
      source: () => source,
      log: () => {},
    });
    const body = (await answer!.json()) as SettingsCheckAnswer;
    expect(body.functions['publish-status']!.problems).toEqual([
      expect.stringMatching(/^EDITOR_PASS_SECRET: not set in this site's Functions scope\. /),
    ]);
    expect(body.functions.deploys!.problems).toEqual([
      expect.stringMatching(/^EDITOR_PASS_SECRET: not set in this site's Functions scope\. /),
    ]);
  });
});

describe('requests and failures', () => {
  it('a bad id answers 400 naming it', async () => {
    const s = await liveSite();
    const response = await functions(s).publishStatus(
      get('/api/publish-status?ids=husky-faqs,drafts.husky-faqs', { origin: STUDIO }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'a draft has no publish status (ask its published id): "drafts.husky-faqs"',
    });
    expect(response.headers.get('access-control-allow-origin')).toBe(STUDIO);
    expectStatusHeaders(response);
  });

  it('only GET (and the preflight)', async () => {
    const s = await liveSite();
    const response = await functions(s).deploys(
      new Request('https://site.example/api/deploys', { method: 'POST', body: '{}' }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it('a store that cannot be read: every document unknown (publish-status), 503 (deploys)', async () => {
    const s = await liveSite();
    const broken: BlobStore = {
      getWithMetadata: () => Promise.reject(new Error('Blobs 500')),
      setJSON: () => Promise.resolve({ modified: false }),
      delete: () => Promise.resolve(),
    };
    const made = functions(s, { deploysStore: broken });
    const status = await made.publishStatus(get('/api/publish-status?ids=husky-faqs'));
    expect(status.status).toBe(200);
    expect((await statusAnswer(status)).documents).toEqual({
      'husky-faqs': {
        state: 'unknown',
        reason: 'The publish records cannot be read right now; try again in a moment.',
      },
    });
    const deploys = await made.deploys(get('/api/deploys'));
    expect(deploys.status).toBe(503);
    expectStatusHeaders(deploys);
  });

  it("stays idle on the editors' preview site", async () => {
    const s = await liveSite();
    const response = await functions(s, { site: { SITE_MODE: 'preview' } }).publishStatus(
      get('/api/publish-status?ids=husky-faqs'),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'not on the preview site: the public site answers this',
    });
  });

  it('a deployed site without Netlify Blobs answers 500 saying so', async () => {
    const s = site();
    const made = statusHandlers({
      openStores: {
        deploys: () => {
          throw new Error('no Blobs');
        },
        queue: () => {
          throw new Error('no Blobs');
        },
      },
      readSettings: () => SETTINGS,
      site: {},
      log: () => {},
      deps: { verifyToken: () => Promise.resolve('editor') },
    });
    void s;
    const response = await made.publishStatus(get('/api/publish-status?ids=husky-faqs'), {
      deploy: { context: 'production' },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message:
        'Netlify Blobs is not available to this function, so deploys cannot be read (context production)',
    });
  });
});

describe("who is an editor: a member of the project with an editor's role, as Sanity says through @sanity/client", () => {
  let server: ReturnType<typeof createServer> | undefined;
  afterEach(async () => {
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    server = undefined;
  });

  /**
   * Plays Sanity's `GET /users/me` for the project: each known token answers its user as Sanity
   * does; another project's token and a made-up one get 401, as Sanity answers an unknown session.
   */
  const USERS: Record<string, unknown> = {
    'Bearer editor-token': {
      id: 'pEditor',
      name: 'Ed',
      provider: 'google',
      roles: [{ name: 'editor', title: 'Editor' }],
    },
    'Bearer admin-token': {
      id: 'pAdmin',
      name: 'Ad',
      provider: 'sanity',
      roles: [{ name: 'administrator', title: 'Administrator' }],
    },
    'Bearer viewer-token': {
      id: 'pViewer',
      name: 'Vi',
      provider: 'google',
      roles: [{ name: 'viewer', title: 'Viewer' }],
    },
    'Bearer robot-token': {
      id: 'pRobot',
      name: 'Public site build',
      provider: 'sanity-token',
      roles: [{ name: 'viewer', title: 'Viewer' }],
    },
    'Bearer robot-editor-token': {
      id: 'pRobot2',
      name: 'Import',
      provider: 'sanity-token',
      roles: [{ name: 'editor', title: 'Editor' }],
    },
    'Bearer outsider-empty-roles': { id: 'pOut1', name: 'Out', provider: 'github', roles: [] },
    'Bearer outsider-no-roles': { id: 'pOut2', name: 'Out', provider: 'github' },
  };
  async function sanityStandIn(): Promise<{
    apiHost: string;
    requests: Array<{ url: string; authorization: string | undefined }>;
  }> {
    const requests: Array<{ url: string; authorization: string | undefined }> = [];
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
      const user = USERS[request.headers.authorization ?? ''];
      response.writeHead(user ? 200 : 401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          user ?? { error: 'Unauthorized', message: 'Session not found', statusCode: 401 },
        ),
      );
    });
    await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
    return { apiHost: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  }

  it.each([
    ['a member with the Editor role', 'editor-token', 'editor'],
    ['a member with the Administrator role', 'admin-token', 'editor'],
    ['a member with the Viewer role only', 'viewer-token', 'refused'],
    ['a robot (API token) with Viewer', 'robot-token', 'refused'],
    ['a robot (API token) with Editor', 'robot-editor-token', 'refused'],
    ['a signed-in non-member (roles: [])', 'outsider-empty-roles', 'refused'],
    ['a signed-in non-member (no roles key)', 'outsider-no-roles', 'refused'],
    ["another project's token (401)", 'other-project-token', 'refused'],
    ['a made-up token (401)', 'made-up', 'refused'],
  ])('%s: %s → %s', async (_who, token, verdict) => {
    const { apiHost, requests } = await sanityStandIn();
    const verify = sanityTokenVerifier({ projectId: 'abc123', dataset: 'production', apiHost });
    expect(await verify(token)).toBe(verdict);
    expect(requests).toEqual([{ url: '/v2025-09-15/users/me', authorization: `Bearer ${token}` }]);
    expect(
      (
        await createAccess({ verify, pass: PASS_SCOPE }).callerOf(
          get('/', { authorization: `Bearer ${token}` }),
        )
      ).kind,
    ).toBe(verdict === 'editor' ? 'editor' : 'visitor');
  });

  it('Sanity unreachable: no verdict', async () => {
    const unreachable = sanityTokenVerifier({
      projectId: 'abc123',
      dataset: 'production',
      apiHost: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    expect(await unreachable('editor-token')).toBe('unreachable');
  });

  it.each([
    ['no project', { projectId: undefined, dataset: 'production' }, 'SANITY_PROJECT_ID: not set'],
    [
      'a project id the client refuses',
      { projectId: 'my_project', dataset: 'production' },
      'SANITY_PROJECT_ID: not a Sanity project id (letters, digits and dashes only)',
    ],
    [
      'a dataset the client refuses',
      { projectId: 'abc123', dataset: 'Production Data' },
      'SANITY_DATASET: must be all lowercase characters',
    ],
    // The client would take it, but no dataset can have it: the settings check names it in the same words.
    [
      'a dataset no Sanity project can have',
      { projectId: 'abc123', dataset: 'a' },
      'SANITY_DATASET: must be at least two characters long',
    ],
  ])(
    "%s: every token is answered as a visitor's, never a 500, and one log line names the setting",
    async (_case, target, named) => {
      const logged: string[] = [];
      const access = siteAccess(target, {
        pass: PASS_SCOPE,
        verify: () => Promise.resolve('editor'),
        log: (line) => logged.push(line),
      });
      expect(await access.callerOf(get('/', { authorization: 'Bearer editor-token' }))).toEqual({
        kind: 'visitor',
      });
      expect(await access.callerOf(get('/', { authorization: 'Bearer other-token' }))).toEqual({
        kind: 'visitor',
      });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(named);

      const s = await liveSite();
      const made = statusHandlers({
        openStores: { deploys: () => s.deploysStore, queue: () => s.queueStore },
        site: {},
        log: (line) => logged.push(line),
        readSettings: () => ({
          ...SETTINGS,
          SANITY_PROJECT_ID: target.projectId,
          SANITY_DATASET: target.dataset,
        }),
        now: () => new Date('2026-11-27T10:05:00.000Z'),
      });
      // More tokens than the budget: still visitors (no one can be proven), never "checking your access".
      for (const token of [
        'editor-token',
        ...Array.from({ length: 40 }, (_, at) => `junk-${at}`),
      ]) {
        const response = await made.publishStatus(
          get('/api/publish-status?ids=newu-faqs', { authorization: `Bearer ${token}` }),
        );
        expect(response.status).toBe(200);
        expect((await statusAnswer(response)).documents['newu-faqs']).toEqual({
          state: 'unknown',
          reason: 'No recorded deploy carried this document yet.',
        });
      }
      const deploys = await made.deploys(
        get('/api/deploys', { authorization: 'Bearer editor-token' }),
      );
      expect(deploys.status).toBe(200);
      expect(logged.filter((line) => line.includes(named))).toHaveLength(2);
    },
  );
});
