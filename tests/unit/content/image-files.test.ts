import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchBuildContent } from '../../../src/lib/content/index.ts';
import { createLocalSource, readNdjson } from '../../../src/lib/content/local.ts';

const documents = readNdjson(readFileSync('src/dataset/data.ndjson', 'utf8'), 'data.ndjson');
const allImages = readdirSync('src/dataset/images');
const HERO = 'huskymobile-hero-1600x900.webp';
const LOGO = 'cubbymobile-logo-240x80.svg';

describe('image references whose file is missing', () => {
  it('finds none in the bundled dataset', async () => {
    const content = await fetchBuildContent(createLocalSource('src/dataset', documents));
    expect(content.problems.filter((problem) => problem.file)).toEqual([]);
  });

  it('names school, document, field and file for each, and the source offers no image for it', async () => {
    const source = createLocalSource(
      'src/dataset',
      documents,
      'published',
      new Set(allImages.filter((name) => name !== HERO && name !== LOGO)),
    );
    const content = await fetchBuildContent(source);
    const missing = content.problems.filter((problem) => problem.file);
    expect(missing).toContainEqual({
      school: 'huskymobile',
      documentType: 'landingHeader',
      documentId: 'huskymobile-landingHeader',
      field: 'heroImage',
      file: HERO,
      reason: `file ${HERO} (field heroImage) is not in the content's images: the page is built without it`,
    });
    // The school document's own logo, and every other document that uses the same file.
    expect(
      missing
        .filter((problem) => problem.file === LOGO)
        .map((problem) => `${problem.documentType} ${problem.field}`)
        .sort(),
    ).toEqual(['footer collegeLogo', 'school logo']);
    const husky = content.schools.find((school) => school.school.key === 'huskymobile');
    const hero = husky?.documents.landingHeader[0]?.heroImage;
    expect(hero && source.imageUrl(hero)).toBeUndefined();
    expect(hero && source.missingFile(hero)).toBe(HERO);
    // Other images of the same school are still offered.
    expect(husky && source.imageUrl(husky.school.logo)?.src).toBe(
      '/content-images/huskymobile-logo-240x80.svg',
    );
  });
});

describe('readNdjson', () => {
  const text = '{"_id":"a","title":"Café"}\n\n{"_id":"b","title":"plain"}\n';
  it('reads the same documents from the file bytes as from its text, blank lines skipped', () => {
    expect(readNdjson(Buffer.from(text, 'utf8'), 'data.ndjson')).toEqual([
      { _id: 'a', title: 'Café' },
      { _id: 'b', title: 'plain' },
    ]);
    expect(readNdjson(text, 'data.ndjson')).toEqual(
      readNdjson(Buffer.from(text, 'utf8'), 'data.ndjson'),
    );
  });
  it('names the file and the line of a broken document', () => {
    const broken = Buffer.from(`${text}{"_id":"c",\n`, 'utf8');
    expect(() => readNdjson(broken, 'data.ndjson')).toThrow(
      /^data\.ndjson line 4 is not valid JSON/,
    );
  });
});

describe('imageFor', () => {
  it('answers each image and shape once per build: the same address for every page, another for another shape', async () => {
    const { imageFor, siteContent } = await import('../../../src/lib/content/index.ts');
    const logo = (await siteContent()).schools[0]?.school.logo;
    expect(logo).toBeDefined();
    const plain = imageFor(logo, []);
    expect(plain?.src).toMatch(/^\/content-images\//);
    expect(imageFor(logo, [])).toBe(plain);
    expect(imageFor(logo, [480])).not.toBe(plain);
    expect(imageFor(undefined)).toBeUndefined();
  });
});

describe('a local export read from its file', () => {
  const exportWith = (images: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'local-export-'));
    writeFileSync(join(dir, 'data.ndjson'), readFileSync('src/dataset/data.ndjson'));
    mkdirSync(join(dir, 'images'));
    for (const name of images) writeFileSync(join(dir, 'images', name), '');
    return dir;
  };

  it('knows from the file that every image it names is there, or that one is not', async () => {
    const complete = createLocalSource(exportWith(allImages));
    await complete.fetch('*[_type == "school"][0]');
    expect(complete.mayMissFiles()).toBe(false);
    const lacking = createLocalSource(exportWith(allImages.filter((name) => name !== HERO)));
    await lacking.fetch('*[_type == "school"][0]');
    expect(lacking.mayMissFiles()).toBe(true);
  });
});
