/** The local stack's working copy of the content (scripts/local-stack/working-dataset.ts). */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureWorkingDataset,
  workingDatasetDir,
  workingDatasetLine,
} from '../../../scripts/local-stack/working-dataset.ts';

const work = mkdtempSync(join(tmpdir(), 'working-dataset-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const source = join(work, 'source');
mkdirSync(join(source, 'images'), { recursive: true });
writeFileSync(join(source, 'data.ndjson'), '{"_id":"a","_type":"faqs"}\n');
const dataDir = join(work, 'data');

describe('the working copy of the content', () => {
  it('is made under DATA_DIR on first use: a copy of the documents, the images linked', () => {
    const working = ensureWorkingDataset(source, dataDir);
    expect(working).toEqual({ dir: workingDatasetDir(dataDir), made: true, stale: false });
    expect(working.dir).toBe(join(dataDir, 'dataset'));
    expect(readFileSync(join(working.dir, 'data.ndjson'), 'utf8')).toBe(
      '{"_id":"a","_type":"faqs"}\n',
    );
    expect(readlinkSync(join(working.dir, 'images'))).toBe(join(source, 'images'));
    expect(workingDatasetLine(working, source)).toContain(`a new working copy of ${source}`);
  });

  it('keeps its local publishes across starts, and the source stays as it was', () => {
    const dir = workingDatasetDir(dataDir);
    writeFileSync(
      join(dir, 'data.ndjson'),
      '{"_id":"a","_type":"faqs","title":"published locally"}\n',
    );
    expect(ensureWorkingDataset(source, dataDir)).toEqual({ dir, made: false, stale: false });
    expect(readFileSync(join(dir, 'data.ndjson'), 'utf8')).toContain('published locally');
    expect(readFileSync(join(source, 'data.ndjson'), 'utf8')).not.toContain('published locally');
  });

  it('says when the source changed since, and is made again when asked', () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(source, 'data.ndjson'), later, later);
    const stale = ensureWorkingDataset(source, dataDir);
    expect(stale.stale).toBe(true);
    expect(workingDatasetLine(stale, source)).toContain('--reset-content copies it again');
    const again = ensureWorkingDataset(source, dataDir, true);
    expect(again.made).toBe(true);
    expect(readFileSync(join(again.dir, 'data.ndjson'), 'utf8')).toBe(
      '{"_id":"a","_type":"faqs"}\n',
    );
    expect(existsSync(`${again.dir}.new-${process.pid}`)).toBe(false);
  });

  it('refuses a source that is no dataset, or the working copy itself', () => {
    expect(() => ensureWorkingDataset(join(work, 'nowhere'), dataDir)).toThrow(
      /no dataset at .*nowhere \(no data.ndjson\)/,
    );
    expect(() => ensureWorkingDataset(workingDatasetDir(dataDir), dataDir)).toThrow(
      /is the working copy itself/,
    );
  });
});

describe('another dataset than the one the working copy was made from', () => {
  it('starts a new working copy of it; the earlier copy, with its local publishes, is kept aside and named in the start line', () => {
    const data = join(work, 'data-switch');
    const first = join(work, 'first');
    const second = join(work, 'second');
    for (const [dir, id] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'data.ndjson'), `{"_id":"${id}","_type":"faqs"}\n`);
    }
    const dir = ensureWorkingDataset(first, data).dir;
    writeFileSync(
      join(dir, 'data.ndjson'),
      '{"_id":"first","_type":"faqs","title":"published locally"}\n',
    );

    const switched = ensureWorkingDataset(second, data);
    expect(switched).toMatchObject({ dir, made: true, stale: false, keptAside: { from: first } });
    expect(readFileSync(join(dir, 'data.ndjson'), 'utf8')).toBe(
      '{"_id":"second","_type":"faqs"}\n',
    );
    const aside = switched.keptAside!.dir;
    expect(aside).toMatch(/dataset-kept-\d{4}-\d\d-\d\dT/);
    expect(readFileSync(join(aside, 'data.ndjson'), 'utf8')).toContain('published locally');
    expect(workingDatasetLine(switched, second)).toBe(
      `Content:   ${dir}  (a new working copy of ${second}, which is not the dataset the copy there was made from; the copy of ${first}, with its local publishes, is kept at ${aside})`,
    );

    // Back to the first: a new copy again, the second's kept aside too; nothing is deleted.
    expect(ensureWorkingDataset(first, data).keptAside).toMatchObject({ from: second });
    expect(readFileSync(join(aside, 'data.ndjson'), 'utf8')).toContain('published locally');
  });
});
