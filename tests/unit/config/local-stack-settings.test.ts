/** The local stack reads blank settings as unset, like the build. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSettings, REPO_ROOT } from '../../../scripts/local-stack/env.ts';

describe('local stack settings', () => {
  it('a blank value takes the default', () => {
    const settings = readSettings({
      PORT: ' ',
      API_PORT: '',
      DATA_DIR: '',
      DIST_DIR: ' ',
      SITE_URL: '',
      TENANTS_FILE: '',
      ACTIVE_GIVEAWAY_IDS: ' ',
    });
    expect(settings).toMatchObject({
      port: 4321,
      apiPort: 8787,
      siteUrl: 'http://localhost:4321',
      dataDir: join(REPO_ROOT, 'data'),
      distDir: join(REPO_ROOT, 'dist'),
      tenantsFile: join(REPO_ROOT, 'src/dataset/tenants.json'),
      activeGiveawayIds: undefined,
    });
  });

  it('a given value is used, and a bad port is named', () => {
    expect(readSettings({ PORT: '4400', SITE_URL: 'http://127.0.0.1:4400' })).toMatchObject({
      port: 4400,
      siteUrl: 'http://127.0.0.1:4400',
    });
    expect(() => readSettings({ API_PORT: 'eighty' })).toThrow(
      'API_PORT must be a port number (0-65535), got "eighty".',
    );
  });
});
